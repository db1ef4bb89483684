package sqltests

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	gms "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	gsql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
)

// gmsTxnKnownFailures are the go-mysql-server 0.20 transaction scripts
// (enginetest/queries.TransactionTests) simsql does not pass, each with the
// reason. None may fail by a lock wait: the scripts run their clients one
// statement after another, so a statement that waits for another client's
// lock would wait for ever (here: for gmsTxnStatementTimeout).
var gmsTxnKnownFailures = map[string]string{
	"create trigger queries are implicitly committed":      "the script wants its trigger in go-mysql-server's test database mydb; simsql's test store has the database simsql",
	"create procedure queries are implicitly committed#01": "CREATE EVENT is error 1235, as MariaDB without its event scheduler",
}

// gmsTxnStatementTimeout bounds each statement of the scripts: a statement
// that waits for a lock held by another client of the script never gets
// it.
const gmsTxnStatementTimeout = 10 * time.Second

// TestGMSTransactionScripts runs go-mysql-server's own transaction scripts
// (queries.TransactionTests, 22 in v0.20.0; clients named by a
// "/* client a */" comment, each a session of one in-process engine)
// against simsql. While simsql had one writer slot per store, the five
// scripts whose clients write different rows in open transactions failed
// with error 1205 after 50 s; with row locks they pass.
func TestGMSTransactionScripts(t *testing.T) {
	var failed []string
	seen := map[string]int{}
	for _, script := range queries.TransactionTests {
		key := script.Name // a repeated name gets "#01", "#02", … as t.Run names it
		if n := seen[script.Name]; n > 0 {
			key = fmt.Sprintf("%s#%02d", script.Name, n)
		}
		seen[script.Name]++
		t.Run(script.Name, func(t *testing.T) {
			why := runGMSTxnScript(t, script)
			if why == "" {
				if _, known := gmsTxnKnownFailures[key]; known {
					t.Errorf("passes now: remove it from gmsTxnKnownFailures")
				}
				return
			}
			failed = append(failed, key)
			if strings.Contains(why, "1205") || strings.Contains(why, "deadline") || strings.Contains(why, "Lock wait") {
				t.Errorf("a statement waited for a lock: %s", why)
				return
			}
			if reason, known := gmsTxnKnownFailures[key]; known {
				t.Logf("known failure (%s): %s", reason, why)
				return
			}
			t.Errorf("%s", why)
		})
	}
	t.Logf("%d of %d scripts pass; failing: %v", len(queries.TransactionTests)-len(failed), len(queries.TransactionTests), failed)
}

// runGMSTxnScript runs one script and returns how it first fails, or "".
func runGMSTxnScript(t *testing.T, script queries.TransactionTest) string {
	p := openStore(t)
	engine := catalog.NewEngine(p)
	var sessions []*gsql.Context
	t.Cleanup(func() {
		for _, s := range sessions {
			gsql.SessionEnd(s.Session)
		}
	})
	session := func() *gsql.Context {
		ctx := p.NewContext(context.Background())
		sessions = append(sessions, ctx)
		return ctx
	}
	setup := session()
	for _, q := range script.SetUpScript {
		if _, _, err := gmsRun(engine, setup, q); err != nil {
			return fmt.Sprintf("setup %q: %v", q, err)
		}
	}
	clients := map[string]*gsql.Context{}
	for _, a := range script.Assertions {
		if a.Skip {
			continue
		}
		name := gmsClient(a.Query)
		ctx, ok := clients[name]
		if !ok {
			ctx = session()
			clients[name] = ctx
		}
		rows, okRes, err := gmsRun(engine, ctx, a.Query)
		switch {
		case a.ExpectedErr != nil || a.ExpectedErrStr != "":
			if err == nil {
				return fmt.Sprintf("%s: no error, want %v%s", a.Query, a.ExpectedErr, a.ExpectedErrStr)
			}
			// simsql's errors are MySQL's numbered errors: the kind's wording
			// (before its first argument) must be there.
			prefix, _, _ := strings.Cut(a.ExpectedErr.Message, "%")
			if a.ExpectedErr != nil && !a.ExpectedErr.Is(err) && !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(prefix)) {
				return fmt.Sprintf("%s: error %v, want %v", a.Query, err, a.ExpectedErr)
			}
		case err != nil:
			return fmt.Sprintf("%s: %v", a.Query, err)
		case a.SkipResultsCheck:
		default:
			// The scripts expect go-mysql-server's default collation,
			// utf8mb4_0900_bin, and its SHOW CREATE TABLE, which omits a
			// nullable column's DEFAULT NULL; simsql's are MySQL 8's,
			// utf8mb4_0900_ai_ci and "DEFAULT NULL" written
			// (compat/show_create_default_null.go).
			for i := range rows {
				rows[i] = strings.ReplaceAll(rows[i], "utf8mb4_0900_ai_ci", "utf8mb4_0900_bin")
				rows[i] = strings.ReplaceAll(rows[i], " DEFAULT NULL,\n", ",\n")
			}
			if diff := gmsCompare(a.Expected, rows, okRes); diff != "" {
				return fmt.Sprintf("%s: %s", a.Query, diff)
			}
		}
	}
	return ""
}

// gmsClient returns the client a script statement names ("/* client a */").
func gmsClient(q string) string {
	start, end := strings.Index(q, "/*"), strings.Index(q, "*/")
	if start < 0 || end < start {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(q[start+2:end]), "client"))
}

// gmsRun runs q as the server's handler does and returns its rows as text.
func gmsRun(engine *gms.Engine, c *gsql.Context, q string) (rows []string, ok *types.OkResult, err error) {
	if err := gsql.SessionCommandBegin(c.Session); err != nil {
		return nil, nil, err
	}
	defer gsql.SessionCommandEnd(c.Session)
	ctx := c.WithQuery(q)
	tctx, cancel := context.WithTimeout(ctx, gmsTxnStatementTimeout)
	defer cancel()
	ctx = ctx.WithContext(tctx)
	sch, iter, _, err := engine.Query(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if cerr := iter.Close(ctx); err == nil {
			err = cerr
		}
	}()
	for {
		row, err := iter.Next(ctx)
		if errors.Is(err, io.EOF) {
			return rows, ok, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if types.IsOkResult(row) {
			r := types.GetOkResult(row)
			ok = &r
			continue
		}
		cells := make([]string, len(row))
		for i, v := range row {
			cells[i] = "NULL"
			if v == nil {
				continue
			}
			wire, err := sch[i].Type.SQL(c, nil, v)
			if err != nil {
				return nil, nil, err
			}
			if !wire.IsNull() {
				cells[i] = wire.ToString()
			}
		}
		rows = append(rows, strings.Join(cells, ","))
	}
}

// gmsCompare compares a script's expected rows (Go values, or an OK
// result) with the rows as text; "" when they agree.
func gmsCompare(want []gsql.Row, got []string, ok *types.OkResult) string {
	if len(want) == 1 && len(want[0]) == 1 {
		if w, isOk := want[0][0].(types.OkResult); isOk {
			if ok == nil || ok.RowsAffected != w.RowsAffected {
				return fmt.Sprintf("OK result %v, want %d rows affected", ok, w.RowsAffected)
			}
			return ""
		}
	}
	var ws []string
	for _, r := range want {
		cells := make([]string, len(r))
		for i, v := range r {
			switch x := v.(type) {
			case nil:
				cells[i] = "NULL"
			case bool:
				cells[i] = map[bool]string{true: "1", false: "0"}[x]
			default:
				cells[i] = fmt.Sprint(x)
			}
		}
		ws = append(ws, strings.Join(cells, ","))
	}
	if len(want) == 0 && ok != nil {
		return "" // a statement with no rows
	}
	if !slices.Equal(ws, got) {
		return fmt.Sprintf("rows %q, want %q", got, ws)
	}
	return ""
}
