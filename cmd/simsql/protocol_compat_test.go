package main

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// TestFixUpdateInfo checks that UPDATE's OK info counts the statement's
// warnings, as MySQL's does (go-mysql-server 0.20 wrote "Warnings: 0"
// after UPDATE IGNORE skipped duplicates with warnings 1062).
func TestFixUpdateInfo(t *testing.T) {
	s := sql.NewBaseSession()
	c := &mysql.Conn{ClientData: s}
	for _, tc := range []struct {
		warnings int
		info     string
		want     string
	}{
		{0, "Rows matched: 4  Changed: 2  Warnings: 0", "Rows matched: 4  Changed: 2  Warnings: 0"},
		{2, "Rows matched: 4  Changed: 2  Warnings: 0", "Rows matched: 4  Changed: 2  Warnings: 2"},
		{2, "Records: 4  Duplicates: 0  Warnings: 0", "Records: 4  Duplicates: 0  Warnings: 0"}, // not UPDATE's
	} {
		s.ClearWarnings()
		for range tc.warnings {
			s.Warn(&sql.Warning{Level: "Warning", Code: 1062, Message: "Duplicate entry '2' for key 't.PRIMARY'"})
		}
		res := &sqltypes.Result{Info: tc.info}
		fixUpdateInfo(c, res)
		if res.Info != tc.want {
			t.Errorf("%d warnings, %q: %q, want %q", tc.warnings, tc.info, res.Info, tc.want)
		}
	}
}
