// orm_sequelize.js runs Sequelize 6 over mysql2 (both pinned in
// package-lock.json) against simsql with its defaults: sync() of models with
// belongsTo / hasMany (foreign keys), sync({alter: true}) twice, CRUD with
// includes, a transaction rolled back, and a raw similarity query.
//
// Usage: node orm_sequelize.js PORT
// Prints one tab-separated line per step ("ok step …" or "fail step error");
// the Go test (TestClientSequelize) compares the output with the exact
// expected text.
'use strict';

const { Sequelize, DataTypes, QueryTypes } = require('sequelize');

async function step(name, fn) {
  try {
    const r = await fn();
    console.log('ok\t' + name + (r === undefined ? '' : '\t' + r));
  } catch (e) {
    console.log('fail\t' + name + '\t' + String(e.message).split('\n')[0].slice(0, 200));
  }
}

async function main() {
  const sequelize = new Sequelize('simsql', 'root', '', {
    host: '127.0.0.1', port: Number(process.argv[2]), dialect: 'mysql', logging: false,
  });
  const User = sequelize.define('User', {
    name: { type: DataTypes.STRING(100), allowNull: false, unique: true },
  });
  const Post = sequelize.define('Post', {
    title: { type: DataTypes.STRING, allowNull: false },
    body: DataTypes.TEXT,
  }, { indexes: [{ fields: ['title'] }] });
  const Comment = sequelize.define('Comment', { text: DataTypes.STRING });
  User.hasMany(Post, { onDelete: 'CASCADE' });
  Post.belongsTo(User);
  Post.hasMany(Comment, { onDelete: 'CASCADE' });
  Comment.belongsTo(Post);

  await step('authenticate', () => sequelize.authenticate());
  const indexes = async () => {
    const rows = await sequelize.query('SHOW INDEX FROM Users', { type: QueryTypes.SELECT });
    return rows.map(r => r.Key_name).join(',');
  };
  await step('sync', async () => { await sequelize.sync(); return indexes(); });
  // Each sync({alter: true}) sends ALTER TABLE Users CHANGE name name
  // VARCHAR(100) NOT NULL UNIQUE, which adds a unique key as MySQL names
  // it (name_2, name_3).
  await step('sync alter', async () => { await sequelize.sync({ alter: true }); return indexes(); });
  await step('sync alter again', async () => { await sequelize.sync({ alter: true }); return indexes(); });
  await step('foreign keys', async () => {
    const rows = await sequelize.query(
      "SELECT TABLE_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE " +
      "WHERE TABLE_SCHEMA = 'simsql' AND REFERENCED_TABLE_NAME IS NOT NULL ORDER BY TABLE_NAME", { type: QueryTypes.SELECT });
    return rows.map(r => `${r.TABLE_NAME}.${r.COLUMN_NAME}->${r.REFERENCED_TABLE_NAME}`).join(',');
  });
  await step('create', async () => {
    const u = await User.create({ name: 'ada' });
    const p = await Post.create({ title: 'notes', body: 'the quick brown fox', UserId: u.id });
    await Comment.bulkCreate([{ text: 'first', PostId: p.id }, { text: 'second', PostId: p.id }]);
    return await Comment.count();
  });
  await step('read with include', async () => {
    const u = await User.findOne({ where: { name: 'ada' }, include: { model: Post, include: [Comment] } });
    return `${u.name} ${u.Posts.length} ${u.Posts[0].Comments.map(c => c.text).sort().join('+')}`;
  });
  await step('update', async () => {
    const [n] = await Post.update({ title: 'notebooks' }, { where: { title: 'notes' } });
    return n;
  });
  await step('orphan refused', async () => {
    try {
      await Comment.create({ text: 'orphan', PostId: 999 });
      return 'accepted';
    } catch (e) {
      return `${e.name} ${e.parent && e.parent.errno}`;
    }
  });
  await step('transaction rollback', async () => {
    const t = await sequelize.transaction();
    await User.create({ name: 'bob' }, { transaction: t });
    await t.rollback();
    return await User.count();
  });
  await step('destroy cascades', async () => {
    await User.destroy({ where: { name: 'ada' } });
    return `${await Post.count()} ${await Comment.count()}`;
  });
  await step('hamming', async () => {
    const rows = await sequelize.query("SELECT hamming(simhash('the quick brown fox'), simhash(?)) AS d",
      { replacements: ['the quick brown fox'], type: QueryTypes.SELECT });
    return rows[0].d;
  });
  await step('drop', () => sequelize.drop());
  await sequelize.close();
}

main().catch(e => { console.error(e); process.exit(1); });
