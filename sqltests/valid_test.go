package sqltests

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

func TestValidQueryScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ValidQueryScripts)
}

func TestWireValidScripts(t *testing.T) {
	srv := StartServer(t)
	for _, s := range WireValidScripts {
		t.Run(s.Name, func(t *testing.T) { runScript(t, newScriptConn(t, srv, mariaDBName(s.Name)), s) })
	}
}

// TestManyPlaceholders prepares statements with up to 65,528 placeholders,
// which answer, and with more, which are refused with MySQL's 1390
// (ER_PS_MANY_PARAM) instead of panicking in vitess's COM_STMT_EXECUTE
// parsing (65,529 to 65,535) or miscounting (above 65,535); the connection
// keeps serving and the server logs no panic.
func TestManyPlaceholders(t *testing.T) {
	srv := StartServer(t)
	db := srv.DB(t)
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	for _, c := range []struct {
		n       int
		refused bool
	}{{1, false}, {65_528, false}, {65_529, true}, {65_530, true}, {65_535, true}, {65_536, true}, {70_000, true}} {
		q := "SELECT 7 IN (" + strings.TrimSuffix(strings.Repeat("?,", c.n), ",") + ")"
		args := make([]any, c.n)
		for i := range args {
			args[i] = i + 1
		}
		var v int
		err := db.QueryRowContext(ctx, q, args...).Scan(&v)
		var me *mysql.MySQLError
		switch {
		case c.refused && (!errors.As(err, &me) || me.Number != 1390):
			t.Errorf("%d placeholders: got %d, %v; want error 1390", c.n, v, err)
		case !c.refused && (err != nil || v != 1 && c.n >= 7 || v != 0 && c.n < 7):
			t.Errorf("%d placeholders: got %d, %v", c.n, v, err)
		}
		var one int
		if err := db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
			t.Fatalf("after %d placeholders: %d, %v", c.n, one, err)
		}
	}
	if strings.Contains(srv.Stderr(), "panic") {
		t.Errorf("the server logged a panic:\n%s", srv.Stderr())
	}
}
