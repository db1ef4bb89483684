package compat

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): a procedure whose last statement
// gives no result at all (START TRANSACTION, COMMIT, ROLLBACK: an empty
// schema and no row, where other statements give an OK row) makes the
// CALL's result that nothing, and the server fails the CALL with 1105
// "EOF": CREATE PROCEDURE p() BEGIN INSERT INTO t VALUES (1); COMMIT;
// END, CALL p(). MySQL allows transaction statements in a procedure and
// answers the CALL with OK. okWhenEmpty gives such a statement the OK
// row. Pinned by ProcScripts "transaction statements in a procedure"
// (sqltests/scripts_proc.go, also on MariaDB).

// okWhenEmpty returns sch and iter, or, when sch is empty, the OK result
// after draining iter.
func okWhenEmpty(ctx *sql.Context, sch sql.Schema, iter sql.RowIter) (sql.Schema, sql.RowIter, error) {
	if len(sch) > 0 || iter == nil {
		return sch, iter, nil
	}
	for {
		_, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			iter.Close(ctx)
			return nil, nil, err
		}
	}
	if err := iter.Close(ctx); err != nil {
		return nil, nil, err
	}
	return types.OkResultSchema, sql.RowsToRowIter(sql.Row{types.NewOkResult(0)}), nil
}
