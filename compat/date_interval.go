package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): d + INTERVAL n DAY (or INTERVAL n DAY
// + d, d - INTERVAL n DAY) of a DATE d was a DATETIME ('2020-01-02
// 00:00:00'), where MySQL 8 (and MariaDB) give a DATE when the interval
// has no time part ('2020-01-02'), as go-mysql-server's DATE_ADD and
// DATE_SUB already do. Here such a sum is DATE_ADD(d, INTERVAL …) and
// such a difference DATE_SUB(d, INTERVAL …). Pinned by CompatFaultScripts
// "typed DATE, TIME and TIMESTAMP literals". The same of a string,
// '2024-01-31' + INTERVAL 1 DAY, was the DATETIME '2024-02-01 00:00:00';
// MySQL 8 answers a string with the string of the value it reads, a date
// for a date ('2024-02-01'), as DATE_ADD does: pinned by
// TemporalValueScripts "date arithmetic on a zero date is NULL".

// dateInterval returns DATE_ADD or DATE_SUB for a op b, if a or b (for -,
// b) is an INTERVAL and the other a DATE or a string.
func dateInterval(op arithOp, a, b sql.Expression) (sql.Expression, bool) {
	if op != opPlus && op != opMinus {
		return nil, false
	}
	a, b = unwrap(a), unwrap(b)
	if op == opPlus && isInterval(a) {
		a, b = b, a
	}
	iv, ok := b.(*expression.Interval)
	if !ok || isInterval(a) || !types.IsDateType(a.Type()) && !types.IsText(a.Type()) {
		return nil, false
	}
	if op == opMinus {
		e, err := function.NewDateSub(a, iv)
		return e, err == nil
	}
	e, err := function.NewDateAdd(a, iv)
	return e, err == nil
}
