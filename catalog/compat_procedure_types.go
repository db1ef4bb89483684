package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/compat"
)

// go-mysql-server v0.20.0 lets a stored procedure's parameters and
// DECLAREd variables take values beyond their declared types (the fault:
// compat/procedure_types.go): CALL p(-1) of p(IN x BIGINT UNSIGNED) made
// x 18446744073709551615, SET v = v + 10 of a TINYINT UNSIGNED 250 made v
// 260, SET v = 'abc' of an INT was 1105. MySQL stores a value into a
// variable as into a column of its type. Here a value stored into one,
// a CALL's IN argument (procedureArguments) or a SET's value
// (compat.ProcedureAssignFunc), gets the check an INSERT makes of a value
// for a column (checkedValue, compat_non_strict_values.go): error 1264,
// 1366, 1265 or 1406 in strict mode, else the nearest value with the
// warning. Pinned by ProcScripts "a procedure's variables hold their
// declared type" (sqltests/scripts_proc.go, also on MariaDB).

// ruleProcedureArguments is the id of procedureArguments, a pre-analysis
// rule.
const ruleProcedureArguments analyzer.RuleId = 10_320

// procedureArguments checks each IN argument of a CALL against its
// parameter's type. INOUT and OUT arguments are left alone: the CALL
// writes them back by their expression (a user variable).
func procedureArguments(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	call, ok := n.(*plan.Call)
	if !ok || call.Procedure == nil || len(call.Procedure.Params) != len(call.Params) || call.Procedure.HasVariadicParameter() {
		return n, transform.SameTree, nil
	}
	params := make([]sql.Expression, len(call.Params))
	same := true
	for i, e := range call.Params {
		params[i] = e
		p := call.Procedure.Params[i]
		if p.Direction != plan.ProcedureParamDirection_In || p.Type == nil {
			continue
		}
		if c := checkedValue(e, &sql.Column{Name: p.Name, Type: p.Type}, false, 1); c != e {
			params[i], same = c, false
		}
	}
	if same {
		return n, transform.SameTree, nil
	}
	out, err := call.WithExpressions(params...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// procedureAssign is compat.ProcedureAssignFunc: its first argument
// checked as a value for a column named by its second, of the type its
// third writes.
var procedureAssign = sql.FunctionN{Name: compat.ProcedureAssignFunc, Fn: newProcedureAssign}

func newProcedureAssign(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(compat.ProcedureAssignFunc, 3, len(args))
	}
	value, name, typ := args[0], args[1], args[2]
	n, err := name.Eval(nil, nil)
	if err != nil {
		return nil, err
	}
	text, err := typ.Eval(nil, nil)
	if err != nil {
		return nil, err
	}
	ns, ok1 := n.(string)
	ts, ok2 := text.(string)
	if !ok1 || !ok2 {
		return nil, sql.ErrInvalidArgument.New(compat.ProcedureAssignFunc)
	}
	t, err := compat.ProcedureVariableType(ts)
	if err != nil {
		return nil, err
	}
	return checkedValue(value, &sql.Column{Name: ns, Type: t}, false, 1), nil
}
