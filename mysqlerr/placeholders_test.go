package mysqlerr

import (
	"errors"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// TestPlaceholders pins MySQL 8's errors for a ? outside a prepared
// statement (checked on MariaDB 10.11, which words 1064 the same but for
// its name): 1064 near the first ? that is not quoted or in a comment,
// and 1210 for EXECUTE without the values. Regression: both were 1105.
func TestPlaceholders(t *testing.T) {
	const syntax = "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near "
	unbound := sql.CastSQLError(sql.ErrUnboundPreparedStatementVariable.New("v1"))
	for _, tc := range []struct {
		err   error
		query string
		num   int
		msg   string
	}{
		{unbound, "SELECT ?", 1064, syntax + "'?' at line 1"},
		{unbound, "SELECT 1, ? FROM dual", 1064, syntax + "'? FROM dual' at line 1"},
		{unbound, "SELECT '?', \"?\", `a?`, /* ? */ ? # ?", 1064, syntax + "'? # ?' at line 1"},
		{unbound, "SELECT 'it''s \\' ?', ?", 1064, syntax + "'?' at line 1"},
		{unbound, "SELECT 1 -- ?\n  + ?", 1064, syntax + "'?' at line 2"},
		{sql.CastSQLError(errors.New("bind variable not provided: 'v1'")), "EXECUTE s", 1210, "Incorrect arguments to EXECUTE"},
	} {
		var se *mysql.SQLError
		if got := Convert(tc.err, tc.query); !errors.As(got, &se) || se.Num != tc.num || se.Message != tc.msg {
			t.Errorf("%q: %v, want %d %q", tc.query, got, tc.num, tc.msg)
		}
	}
}
