package catalog

import (
	"testing"

	"github.com/dolthub/vitess/go/mysql"
)

// TestTransactionErrors pins the number, SQLSTATE and words of the
// transaction errors catalog sends as MySQL 8 does (checked on MariaDB
// 10.11). Regression: the lock wait timeout had the deadlock's SQLSTATE,
// 40001, which drivers take for a transaction rolled back.
func TestTransactionErrors(t *testing.T) {
	for _, tc := range []struct {
		err   *mysql.SQLError
		num   int
		state string
		msg   string
	}{
		{ErrLockWaitTimeout, 1205, "HY000", "Lock wait timeout exceeded; try restarting transaction"},
		{ErrDeadlock, 1213, "40001", "Deadlock found when trying to get lock; try restarting transaction"},
		{ErrReadOnlyTransaction, 1792, "25006", "Cannot execute statement in a READ ONLY transaction."},
	} {
		if tc.err.Num != tc.num || tc.err.State != tc.state || tc.err.Message != tc.msg {
			t.Errorf("%v: want %d (%s) %q", tc.err, tc.num, tc.state, tc.msg)
		}
	}
}
