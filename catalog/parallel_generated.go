package catalog

import (
	"context"
	"io"
	"reflect"
	"runtime"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/functions"
)

// Generated columns on all cores (issue 13, the bulk path). An INSERT …
// VALUES or LOAD DATA into a table with `fp AS (simhash(body)) STORED`
// spends most of its time in the fingerprint (77% of the server's CPU in
// an import of the Tang poems, segmenting Chinese), which
// go-mysql-server computes row by row on the statement's goroutine, in the
// projection above the rows it inserts (analyzer/inserts.go, wrapRowSource:
// defaults and generated columns are that projection's second pass).
//
// The rule parallelGenerated replaces such a projection by a
// parallelProject, which reads the rows in order, computes each row's first
// pass (the columns given, AUTO_INCREMENT: in order, on the statement's
// goroutine, as before), hands the second pass to one worker per core,
// and returns the rows in their order. A row's value or error is the same
// as the projection's, at the same row: only expressions that are pure
// functions of the row (columns, literals, conversions and simsql's own
// functions) are computed ahead, and a generated column may not read an
// AUTO_INCREMENT column (MySQL's rule, error 3109), so what is computed
// ahead cannot depend on what is not. At most window rows are read ahead
// of the one returned; KILL and a vanished client stop the workers.

// ruleParallelGenerated is the id of parallelGenerated, run after
// mysqlLoadData in OnceAfterAll.
const ruleParallelGenerated analyzer.RuleId = 10_015

// parallelWindow is how many rows a parallelProject computes ahead, per
// worker.
const parallelWindow = 32

// parallelGenerated replaces the projection of an INSERT's VALUES or LOAD
// DATA rows by a parallelProject when its second pass computes a simsql
// function (see above) and there is more than one core.
func parallelGenerated(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok {
			return n, transform.SameTree, nil
		}
		p, ok := ins.Source.(*plan.Project)
		if !ok {
			return n, transform.SameTree, nil
		}
		switch p.Child.(type) {
		case *plan.Values, *loadData, *plan.LoadData:
		default:
			return n, transform.SameTree, nil
		}
		pp := newParallelProject(p, workers)
		if pp == nil {
			return n, transform.SameTree, nil
		}
		return ins.WithSource(pp), transform.NewTree, nil
	})
}

// parallelProject is a plan.Project of INSERT rows whose second pass runs
// on workers goroutines (see above). Its child is the projection, so that
// go-mysql-server finds the projection's expressions (LAST_INSERT_ID reads
// them) and EXPLAIN shows them; its rows come from RowIter.
type parallelProject struct {
	*plan.Project
	workers int
	// ahead and late split the ordinals of the projection's first pass
	// (as rowexec.ProjectRow splits its passes): ahead is pure, computed by
	// the workers; late (AUTO_INCREMENT, say) is computed in row order when
	// the row is returned. second is the second pass, computed by the
	// workers over the projected row.
	ahead, late, second []int
}

var _ sql.ExecSourceRel = (*parallelProject)(nil)

// newParallelProject returns p on workers goroutines, or nil when p has
// nothing worth computing ahead or something that must not be.
func newParallelProject(p *plan.Project, workers int) *parallelProject {
	pp := &parallelProject{Project: p, workers: workers}
	costly := false
	late := map[int]bool{}
	for i, e := range p.Projections {
		if isSecondPass(e) {
			if !pureExpr(e) {
				return nil
			}
			costly = costly || simsqlFunctionIn(e)
			pp.second = append(pp.second, i)
			continue
		}
		if pureExpr(e) {
			pp.ahead = append(pp.ahead, i)
		} else {
			pp.late = append(pp.late, i)
			late[i] = true
		}
	}
	if !costly {
		return nil
	}
	// The second pass reads the projected row: none of it may read a
	// column computed late.
	for _, i := range pp.second {
		reads := false
		transform.InspectExpr(p.Projections[i], func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok && late[gf.Index()] {
				reads = true
			}
			return reads
		})
		if reads {
			return nil
		}
	}
	return pp
}

// isSecondPass reports whether rowexec.ProjectRow evaluates e in its
// second pass, over the projected row: a default or generated value that
// is not a literal.
func isSecondPass(e sql.Expression) bool {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	if d, ok := e.(*sql.ColumnDefaultValue); ok {
		return !d.IsLiteral()
	}
	_, ok := e.(plan.ColDefaultExpression)
	return ok
}

// simsqlPackage is the import path of simsql's SQL functions.
var simsqlPackage = reflect.TypeOf(functions.Jaccard{}).PkgPath()

// simsqlFunctionIn reports whether e calls one of simsql's functions.
func simsqlFunctionIn(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		return isSimsqlFunction(e)
	})
}

func isSimsqlFunction(e sql.Expression) bool {
	t := reflect.TypeOf(e)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == simsqlPackage
}

// pureExpr reports whether e is a function of the row alone, safe to
// evaluate on another goroutine, ahead of the rows before it: columns,
// literals, defaults and conversions around them, and simsql's functions
// (which read neither session state nor the clock, and warn about
// nothing).
func pureExpr(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.Literal, *sql.ColumnDefaultValue, *expression.Wrapper,
			*expression.Convert, fingerprintBits, *fingerprintBits:
			return false
		}
		return !isSimsqlFunction(e) // impure: stop with true
	})
}

// WithChildren implements sql.Node.
func (p *parallelProject) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(p, len(children), 1)
	}
	proj, ok := children[0].(*plan.Project)
	if !ok {
		return children[0], nil
	}
	np := newParallelProject(proj, p.workers)
	if np == nil {
		return proj, nil
	}
	return np, nil
}

// Children implements sql.Node.
func (p *parallelProject) Children() []sql.Node { return []sql.Node{p.Project} }

// String implements sql.Node.
func (p *parallelProject) String() string {
	tp := sql.NewTreePrinter()
	_ = tp.WriteNode("ParallelProject(workers: %d)", p.workers)
	_ = tp.WriteChildren(p.Project.String())
	return tp.String()
}

// DebugString implements sql.DebugStringer.
func (p *parallelProject) DebugString() string { return p.String() }

// RowIter implements sql.ExecSourceRel.
func (p *parallelProject) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	child, err := rowexec.DefaultBuilder.Build(ctx, p.Project.Child, row)
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithCancel(ctx)
	it := &parallelIter{p: p, child: child, cancel: cancel, jobs: make(chan *parallelRow, p.workers*parallelWindow)}
	for range p.workers {
		it.wg.Add(1)
		go it.work(ctx.WithContext(wctx))
	}
	return it, nil
}

// parallelRow is one row on its way through a parallelIter: the child's
// row, the projected row once the workers are done with it, or the error.
type parallelRow struct {
	in, out sql.Row
	err     error
	done    chan struct{}
}

// parallelIter returns a parallelProject's rows in the order its child
// gave them.
type parallelIter struct {
	p      *parallelProject
	child  sql.RowIter
	jobs   chan *parallelRow
	cancel context.CancelFunc
	wg     sync.WaitGroup

	queue   []*parallelRow // read, not yet returned, in order
	eof     bool
	readErr error // the child's error, returned after the rows before it
	closed  bool
}

// Next implements sql.RowIter.
func (it *parallelIter) Next(ctx *sql.Context) (sql.Row, error) {
	for !it.eof && it.readErr == nil && len(it.queue) < it.p.workers*parallelWindow {
		in, err := it.child.Next(ctx)
		if err == io.EOF {
			it.eof = true
			break
		}
		if err != nil {
			it.readErr = err
			break
		}
		r := &parallelRow{in: in, done: make(chan struct{})}
		it.queue = append(it.queue, r)
		it.jobs <- r
	}
	if len(it.queue) == 0 {
		if it.readErr != nil {
			err := it.readErr
			it.readErr = nil // INSERT IGNORE may go on after it
			return nil, err
		}
		return nil, io.EOF
	}
	r := it.queue[0]
	select {
	case <-r.done:
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
	it.queue[0] = nil
	it.queue = it.queue[1:]
	// The first pass's late part, in row order, before the second pass's
	// error as go-mysql-server's first pass comes before its second.
	for _, i := range it.p.late {
		v, err := it.p.Projections[i].Eval(ctx, r.in)
		if err != nil {
			return nil, err
		}
		r.out[i] = normalizeZero(v)
	}
	if r.err != nil {
		return nil, r.err
	}
	return r.out, nil
}

// normalizeZero turns a negative zero into zero, as rowexec.ProjectRow
// does.
func normalizeZero(v any) any {
	switch v {
	case float32(0):
		return float32(0)
	case float64(0):
		return float64(0)
	}
	return v
}

// work computes rows from it.jobs: the pure first pass over the child's
// row, then the second pass over the projected row, as rowexec.ProjectRow
// does.
func (it *parallelIter) work(ctx *sql.Context) {
	defer it.wg.Done()
	for r := range it.jobs {
		if ctx.Err() != nil {
			r.err = context.Cause(ctx)
			close(r.done)
			continue
		}
		out := make(sql.Row, len(it.p.Projections))
		for _, i := range it.p.ahead {
			if out[i], r.err = it.p.Projections[i].Eval(ctx, r.in); r.err != nil {
				break
			}
			out[i] = normalizeZero(out[i])
		}
		for _, i := range it.p.second {
			if r.err != nil {
				break
			}
			if out[i], r.err = it.p.Projections[i].Eval(ctx, out); r.err == nil {
				out[i] = normalizeZero(out[i])
			}
		}
		r.out = out
		close(r.done)
	}
}

// Close implements sql.RowIter.
func (it *parallelIter) Close(ctx *sql.Context) error {
	if it.closed {
		return nil
	}
	it.closed = true
	it.cancel()
	close(it.jobs)
	it.wg.Wait()
	return it.child.Close(ctx)
}
