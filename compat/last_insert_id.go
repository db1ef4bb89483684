package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0, function.LastInsertId): LAST_INSERT_ID(expr)
// converts expr to a signed BIGINT, so LAST_INSERT_ID(18446744073709551615)
// returned 9223372036854775807 and so did LAST_INSERT_ID() after it. MySQL 8
// returns expr as a BIGINT UNSIGNED and makes it the session's last insert
// id (Item_func_last_insert_id::val_int); the session keeps the id's 64
// bits as an int64, which LAST_INSERT_ID() reads back as unsigned. Pinned
// by IntegerRangeScripts "LAST_INSERT_ID(expr) is unsigned, and
// @@last_insert_id" (sqltests/scripts_integer_range.go, also on MariaDB).

// lastInsertID is LAST_INSERT_ID() and LAST_INSERT_ID(expr).
type lastInsertID struct {
	*function.LastInsertId
}

var _ sql.FunctionExpression = lastInsertID{}

func newLastInsertID(a ...sql.Expression) (sql.Expression, error) {
	e, err := function.NewLastInsertId(a...)
	if err != nil {
		return nil, err
	}
	return lastInsertID{e.(*function.LastInsertId)}, nil
}

// Type implements sql.Expression: BIGINT UNSIGNED.
func (lastInsertID) Type() sql.Type { return types.Uint64 }

// Eval implements sql.Expression: expr as a BIGINT UNSIGNED, now the
// session's last insert id; without expr, go-mysql-server's.
func (e lastInsertID) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if e.Child == nil {
		return e.LastInsertId.Eval(ctx, row)
	}
	v, err := e.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	u, _, err := types.Uint64.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	ctx.SetLastQueryInfoInt(sql.LastInsertId, int64(u.(uint64)))
	return u, nil
}

// WithChildren implements sql.Expression.
func (e lastInsertID) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newLastInsertID(children...)
}
