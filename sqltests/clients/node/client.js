// client.js drives simsql with the npm package mysql2.
//
// Usage: node client.js PORT ROWS
// ROWS is clients/rows.tsv (id, title, body).
// Runs the scenario every client test shares (see sqltests/clients_test.go)
// with server-side prepared statements (execute) and text queries (query),
// and prints one tab-separated line per fact; the Go test compares the output
// with the exact expected text.
'use strict';

const fs = require('fs');
const mysql = require('mysql2/promise');

// loadRows reads clients/rows.tsv: [id, title, body] arrays, id a number.
function loadRows(path) {
  return fs.readFileSync(path, 'utf8').split('\n').filter((l) => l !== '').map((l) => {
    const [id, title, body] = l.split('\t');
    return [Number(id), title, body];
  });
}

function out(...fields) {
  console.log(fields.join('\t'));
}

async function main() {
  const rows = loadRows(process.argv[3]);
  const conn = await mysql.createConnection({
    host: '127.0.0.1',
    port: Number(process.argv[2]),
    user: 'root',
    database: 'simsql',
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  await conn.query('CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, ' +
    'fp BIGINT UNSIGNED AS (simhash(body)) STORED)');
  await conn.query("CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'");
  let inserted = 0;
  for (const r of rows) {
    const [res] = await conn.execute('INSERT INTO docs (id, title, body) VALUES (?, ?, ?)', r);
    inserted += res.affectedRows;
  }
  out('inserted', inserted);

  const [all] = await conn.query('SELECT id, title, fp FROM docs ORDER BY id');
  for (const r of all) out('row', r.id, r.title, r.fp);
  const probe = rows[2][2];
  const [near] = await conn.execute(
    'SELECT id, hamming(fp, simhash(?)) AS d FROM docs WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id',
    [probe, probe]);
  for (const r of near) out('near', r.id, r.d);
  const [jac] = await conn.execute(
    'SELECT id, ROUND(jaccard(body, ?), 3) AS j FROM docs WHERE id IN (?, ?) ORDER BY id', [probe, 3, 4]);
  for (const r of jac) out('jaccard', r.id, Number(r.j).toFixed(3));
  const [pairs] = await conn.query(
    "SELECT left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id");
  for (const r of pairs) out('pair', r.left_id, r.right_id, r.distance);
  // BIGINT UNSIGNED above 2^63 in the binary protocol.
  const [fp] = await conn.execute('SELECT fp FROM docs WHERE id = ?', [1]);
  out('fp', fp[0].fp);

  const [tables] = await conn.query(
    'SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
    ['simsql']);
  for (const r of tables) out('table', r.TABLE_NAME, r.TABLE_TYPE);
  const [cols] = await conn.query('SHOW FULL COLUMNS FROM docs');
  for (const r of cols) out('column', r.Field, r.Type, r.Null, r.Key, r.Extra);
  const [idx] = await conn.query(
    'SELECT INDEX_NAME, COLUMN_NAME, NON_UNIQUE, INDEX_COMMENT FROM information_schema.STATISTICS ' +
    'WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME', ['simsql', 'docs']);
  for (const r of idx) out('index', r.INDEX_NAME, r.COLUMN_NAME, r.NON_UNIQUE, r.INDEX_COMMENT);
  const [ver] = await conn.query('SELECT @@version AS v, DATABASE() AS db');
  out('session', ver[0].v.length > 0, ver[0].db);
  // The version mysql2 read from the handshake, and whether it took the
  // server for MariaDB.
  out('server', conn.connection._handshakePacket.serverVersion, conn.connection._isMariaDB === true);
  await conn.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
