package sqltests

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
	driver "github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/mysqlerr"
)

// TestForeignKeyScripts runs ForeignKeyScripts in-process, over the wire
// and on MariaDB, the same statements with the same rows and the same
// errors (number, SQLSTATE and message); ForeignKeyMySQLScripts, where
// MariaDB 10.11 answers unlike MySQL 8, only on simsql.
func TestForeignKeyScripts(t *testing.T) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range append(ForeignKeyScripts, ForeignKeyMySQLScripts...) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newErrConn(t, noEmptyRows{newEngineConn(t)}), s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, s := range append(ForeignKeyScripts, ForeignKeyMySQLScripts...) {
			t.Run(s.Name, func(t *testing.T) {
				runScript(t, newErrConn(t, newScriptConn(t, srv, mariaDBName(s.Name))), s)
			})
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		for _, s := range ForeignKeyScripts {
			t.Run(s.Name, func(t *testing.T) {
				runScript(t, newErrConn(t, newMariaDBConn(t, m, mariaDBName(s.Name))), s)
			})
		}
	})
}

// errConn words every error of its connection the same way in-process,
// over the wire and on MariaDB: "1452 (23000): message", the message as
// the server sends it (in-process: as package mysqlerr converts it for the
// wire), with the connection's database named `db`, so that scripts can
// compare numbers and exact messages.
type errConn struct {
	conn
	db string
}

func newErrConn(t *testing.T, c conn) errConn {
	t.Helper()
	rows, err := c.query("SELECT DATABASE()")
	if err != nil || len(rows) != 1 || rows[0][0] == nil {
		t.Fatalf("SELECT DATABASE(): %v %v", rows, err)
	}
	return errConn{conn: c, db: *rows[0][0]}
}

func (c errConn) query(q string) ([][]Cell, error) {
	rows, err := c.conn.query(q)
	if err == nil {
		return rows, nil
	}
	var num int
	var state, msg string
	var me *driver.MySQLError
	if errors.As(err, &me) {
		num, state, msg = int(me.Number), string(me.SQLState[:]), me.Message
	} else {
		var se *mysql.SQLError
		if !errors.As(mysqlerr.Convert(err, q), &se) {
			return nil, err
		}
		num, state, msg = se.Num, se.State, se.Message
	}
	msg = strings.ReplaceAll(msg, "`"+c.db+"`.", "`db`.")
	return nil, fmt.Errorf("%d (%s): %s", num, state, msg)
}
