package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/statement"
)

// Fault (go-mysql-server v0.20.0): TRUNCATE TABLE answered with the number
// of rows it removed ("Query OK, 3 rows affected"); MySQL 8 and MariaDB
// answer 0 rows affected, as for any DDL (TRUNCATE drops and re-creates
// the table). A DELETE without a WHERE, which go-mysql-server also plans
// as a truncation, keeps its count. Pinned by CompatFaultScripts
// "TRUNCATE TABLE is 0 rows affected" (also on MariaDB).

// truncateRows answers n, a plan.Truncate of a TRUNCATE statement, with 0
// rows affected; ok is false for any other node.
func truncateRows(ctx *sql.Context, n sql.Node, r sql.Row) (it sql.RowIter, ok bool, err error) {
	t, isTruncate := n.(*plan.Truncate)
	if !isTruncate || !strings.EqualFold(statement.LeadingKeyword(ctx.Query()), "truncate") {
		return nil, false, nil
	}
	it, err = rowexec.DefaultBuilder.Build(ctx, t, r)
	if err != nil {
		return nil, true, err
	}
	if _, err = sql.RowIterToRows(ctx, it); err != nil {
		return nil, true, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), true, nil
}
