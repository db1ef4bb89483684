package sqltests

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	driver "github.com/go-sql-driver/mysql"
	gormmysql "gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// The ORM tests run each ORM's default migration of models with foreign
// keys against the simsql binary, then CRUD through the ORM and a raw
// similarity query (issue 14, items 1 and 5). Each step prints "ok step
// result" or "fail step error", so a failure shows which steps pass.

// TestClientSQLAlchemy runs clients/python/orm_sqlalchemy.py: SQLAlchemy 1.4
// (Debian's python3-sqlalchemy) create_all with foreign keys, inspect()
// reflection, Session commit and rollback, an orphan refused with 1452.
func TestClientSQLAlchemy(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	python := needClient(t, "/usr/bin/python3")
	if err := exec.Command(python, "-c", "import sqlalchemy, pymysql").Run(); err != nil {
		needClient(t, "/usr/lib/python3/dist-packages/sqlalchemy")
	}
	s := StartServer(t)
	got := runClient(t, exec.Command(python, filepath.Join(clientsDir(t), "python", "orm_sqlalchemy.py"), strconv.Itoa(s.Port)), "")
	checkOut(t, "python3 orm_sqlalchemy.py", got, `ok	create_all
ok	tables	authors,books,reviews
ok	columns	id:INTEGER:False,title:VARCHAR(200):False,author_id:INTEGER:False,editor_id:INTEGER:True,body:TEXT:True
ok	pk	id
ok	indexes	author_id(author_id),editor_id(editor_id),ix_books_title(title)
ok	unique	name(name)
ok	foreign_keys	books_ibfk_1:author_id->authors(id):CASCADE;books_ibfk_2:editor_id->authors(id):SET NULL
ok	commit	2
ok	rollback	['Ada']
ok	orphan	IntegrityError 1452
ok	update	['Letters', 'Notebooks']
ok	delete	0
ok	hamming	0
ok	drop_all
`)
}

// TestClientSequelize runs clients/node/orm_sequelize.js: Sequelize 6 with
// mysql2 (pinned in clients/node/package-lock.json), sync() of belongsTo and
// hasMany models, sync({alter: true}) twice (each adds a unique key named
// as MySQL names it), CRUD with includes, a rolled-back transaction, ON
// DELETE CASCADE.
func TestClientSequelize(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	node := needClient(t, "node")
	dir := filepath.Join(clientsDir(t), "node")
	needClient(t, filepath.Join(dir, "node_modules", "sequelize", "package.json"))
	s := StartServer(t)
	got := runClient(t, exec.Command(node, filepath.Join(dir, "orm_sequelize.js"), strconv.Itoa(s.Port)), "")
	checkOut(t, "node orm_sequelize.js", got, `ok	authenticate
ok	sync	PRIMARY,name
ok	sync alter	PRIMARY,name,name_2
ok	sync alter again	PRIMARY,name,name_2,name_3
ok	foreign keys	Comments.PostId->Posts,Posts.UserId->Users
ok	create	2
ok	read with include	ada 1 first+second
ok	update	1
ok	orphan refused	SequelizeForeignKeyConstraintError 1452
ok	transaction rollback	1
ok	destroy cascades	0 0
ok	hamming	0
ok	drop
`)
}

// GORM's models: a user has many posts (has-many), a post belongs to its
// user and has comments, with indexes, a unique index and ON DELETE
// CASCADE constraints.
type gormUser struct {
	ID    uint       `gorm:"primaryKey"`
	Name  string     `gorm:"size:100;not null;uniqueIndex"`
	Email string     `gorm:"size:200;index"`
	Posts []gormPost `gorm:"foreignKey:UserID;constraint:OnDelete:CASCADE"`
}

type gormPost struct {
	ID       uint   `gorm:"primaryKey"`
	Title    string `gorm:"size:200;not null;index:idx_title"`
	Body     string `gorm:"type:text"`
	FP       uint64 `gorm:"column:fp;type:bigint unsigned"`
	UserID   uint
	User     gormUser
	Comments []gormComment `gorm:"foreignKey:PostID;constraint:OnDelete:CASCADE,OnUpdate:CASCADE"`
}

type gormComment struct {
	ID     uint `gorm:"primaryKey"`
	PostID uint
	Text   string `gorm:"size:200"`
}

func (gormUser) TableName() string    { return "users" }
func (gormPost) TableName() string    { return "posts" }
func (gormComment) TableName() string { return "comments" }

// TestClientGORM runs GORM (gorm.io/gorm with gorm.io/driver/mysql over
// go-sql-driver/mysql): AutoMigrate of belongs-to / has-many models with
// indexes and foreign keys, run twice (the second time finds everything in
// place), the Migrator's reflection, CRUD with Preload, an orphan refused
// with 1452, ON DELETE CASCADE, and a raw hamming() query.
func TestClientGORM(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	s := StartServer(t)
	db, err := gorm.Open(gormmysql.Open(fmt.Sprintf("root@tcp(127.0.0.1:%d)/simsql?charset=utf8mb4&parseTime=True", s.Port)),
		&gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	step := func(name string, fn func() (any, error)) {
		r, err := fn()
		switch {
		case err != nil:
			fmt.Fprintf(&out, "fail\t%s\t%v\n", name, err)
		case r == nil:
			fmt.Fprintf(&out, "ok\t%s\n", name)
		default:
			fmt.Fprintf(&out, "ok\t%s\t%v\n", name, r)
		}
	}
	models := []any{&gormUser{}, &gormPost{}, &gormComment{}}
	step("AutoMigrate", func() (any, error) { return nil, db.AutoMigrate(models...) })
	step("AutoMigrate again", func() (any, error) { return nil, db.AutoMigrate(models...) })
	m := db.Migrator()
	step("reflection", func() (any, error) {
		return fmt.Sprint(m.HasTable(&gormPost{}), m.HasColumn(&gormPost{}, "UserID"), m.HasIndex(&gormUser{}, "Name"),
			m.HasIndex(&gormPost{}, "idx_title"), m.HasConstraint(&gormPost{}, "Comments"), m.HasConstraint(&gormUser{}, "Posts")), nil
	})
	step("foreign keys", func() (any, error) {
		var rows []struct{ ConstraintName, TableName, DeleteRule string }
		err := db.Raw("SELECT CONSTRAINT_NAME AS constraint_name, TABLE_NAME AS table_name, DELETE_RULE AS delete_rule FROM information_schema.REFERENTIAL_CONSTRAINTS " +
			"WHERE CONSTRAINT_SCHEMA = 'simsql' ORDER BY CONSTRAINT_NAME").Scan(&rows).Error
		var parts []string
		for _, r := range rows {
			parts = append(parts, r.ConstraintName+":"+r.TableName+":"+r.DeleteRule)
		}
		return strings.Join(parts, ","), err
	})
	body := "the quick brown fox jumps over the lazy dog"
	step("create", func() (any, error) {
		u := gormUser{Name: "ada", Email: "ada@example.com", Posts: []gormPost{
			{Title: "notes", Body: body, Comments: []gormComment{{Text: "first"}, {Text: "second"}}},
			{Title: "letters", Body: "a completely different text about databases"},
		}}
		err := db.Create(&u).Error
		return u.ID, err
	})
	step("fingerprints", func() (any, error) {
		r := db.Exec("UPDATE posts SET fp = simhash(body)")
		return r.RowsAffected, r.Error
	})
	step("preload", func() (any, error) {
		var u gormUser
		err := db.Preload("Posts", func(tx *gorm.DB) *gorm.DB { return tx.Order("id") }).Preload("Posts.Comments").First(&u, "name = ?", "ada").Error
		if err != nil {
			return nil, err
		}
		return fmt.Sprintf("%s %d %d", u.Name, len(u.Posts), len(u.Posts[0].Comments)), nil
	})
	step("update", func() (any, error) {
		r := db.Model(&gormPost{}).Where("title = ?", "notes").Update("title", "notebooks")
		return r.RowsAffected, r.Error
	})
	step("orphan refused", func() (any, error) {
		err := db.Create(&gormComment{PostID: 999, Text: "orphan"}).Error
		var me *driver.MySQLError
		if errors.As(err, &me) {
			return me.Number, nil
		}
		return nil, fmt.Errorf("want error 1452, got %v", err)
	})
	step("hamming", func() (any, error) {
		var ids []uint
		err := db.Raw("SELECT id FROM posts WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id", body).Scan(&ids).Error
		return fmt.Sprint(ids), err
	})
	step("transaction rollback", func() (any, error) {
		err := db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(&gormUser{Name: "bob"}).Error; err != nil {
				return err
			}
			return errors.New("rolled back")
		})
		var n int64
		db.Model(&gormUser{}).Count(&n)
		return fmt.Sprint(n, " ", err), nil
	})
	step("delete cascades", func() (any, error) {
		if err := db.Where("name = ?", "ada").Delete(&gormUser{}).Error; err != nil {
			return nil, err
		}
		var posts, comments int64
		db.Model(&gormPost{}).Count(&posts)
		db.Model(&gormComment{}).Count(&comments)
		return fmt.Sprint(posts, " ", comments), nil
	})
	step("DropTable", func() (any, error) { return nil, m.DropTable(&gormComment{}, &gormPost{}, &gormUser{}) })
	checkOut(t, "GORM", out.String(), `ok	AutoMigrate
ok	AutoMigrate again
ok	reflection	true true true true true true
ok	foreign keys	fk_posts_comments:comments:CASCADE,fk_users_posts:posts:CASCADE
ok	create	1
ok	fingerprints	2
ok	preload	ada 2 2
ok	update	1
ok	orphan refused	1452
ok	hamming	[1]
ok	transaction rollback	1 rolled back
ok	delete cascades	0 0
ok	DropTable
`)
}
