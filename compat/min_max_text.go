package compat

// Fault (go-mysql-server v0.20.0): GREATEST and LEAST of a number and a
// character string read every argument as a signed BIGINT or a DOUBLE
// and failed with 1105 "Unsigned integer too big to fit on signed
// integer" when a number was a BIGINT UNSIGNED above 2^63-1:
// LEAST(fp, '5') of a BIGINT UNSIGNED fp holding 18446744073709551615,
// LEAST('12', ~0), GREATEST('-3', -255 << 31), and the same with the
// string a prepared statement's parameter. MySQL 8.0
// (Item_func_min_max::resolve_type, sql/item_func.cc) gives the function
// the type its arguments aggregate to (aggregate_type), VARCHAR for a mix
// of numbers and strings, and then compares in that type: str_op takes
// each argument's val_str, a number as its text, and compares them with
// sortcmp in the aggregated collation, the string's (a number's
// coercibility is NUMERIC). So LEAST(18446744073709551615, '5') is
// '18446744073709551615' and GREATEST('-3', 18446743526101221376) is
// '18446743526101221376'. MariaDB 10.11 compares such a mix as DOUBLE
// (5 and 1.8446743526101221e19). A binary string among them is
// abs_greatest.go's minMaxBytes. Pinned by TestNumericLiteralsDifferential
// (MySQL 8's answers where MariaDB's differ).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// minMaxText is GREATEST (greatest true) or LEAST of numbers and
// character strings, compared as strings of the collation coll.
type minMaxText struct {
	args
	greatest bool
	ks       []kind
	typ      sql.StringType
}

var _ sql.FunctionExpression = (*minMaxText)(nil)
var _ sql.CollationCoercible = (*minMaxText)(nil)

// newMinMaxText returns minMaxText of a, of kinds ks, when a mixes
// numbers and character strings (and NULL), with no binary string; or
// character strings and NULL, which go-mysql-server did not type a string
// (CASE WHEN … THEN LEAST('0.5e1', NULL) ELSE s END was an INT; pinned by
// TestIfNullArgument).
func newMinMaxText(greatest bool, a []sql.Expression, ks []kind) (*minMaxText, bool) {
	var typ sql.StringType
	number := false
	for i, k := range ks {
		switch k {
		case kInt, kUint, kDecimal, kDouble:
			number = true
		case kNull:
		case kString:
			st, ok := a[i].Type().(sql.StringType)
			if !ok || isBinary(a[i]) {
				return nil, false
			}
			if typ == nil {
				typ = types.CreateLongText(st.Collation())
			}
		default:
			return nil, false
		}
	}
	if !number && !anyKind(ks, kNull) || typ == nil || len(a) < 2 {
		return nil, false
	}
	return &minMaxText{args: a, greatest: greatest, ks: ks, typ: typ}, true
}

// FunctionName implements sql.FunctionExpression.
func (m *minMaxText) FunctionName() string {
	return (&minMax{greatest: m.greatest}).FunctionName()
}

// Description implements sql.FunctionExpression.
func (m *minMaxText) Description() string {
	return (&minMax{greatest: m.greatest}).Description()
}

// String implements sql.Expression.
func (m *minMaxText) String() string {
	return (&minMax{args: m.args, greatest: m.greatest}).String()
}

// Type implements sql.Expression: a character string of the string
// arguments' collation.
func (m *minMaxText) Type() sql.Type { return m.typ }

// CollationCoercibility implements sql.CollationCoercible.
func (m *minMaxText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return m.typ.Collation(), 2
}

// WithChildren implements sql.Expression.
func (m *minMaxText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newMinMax(m.greatest, children...)
}

// Eval implements sql.Expression: NULL if an argument is NULL, else the
// text of the greatest (least) argument, compared as text.
func (m *minMaxText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var best string
	for i := range m.args {
		x, err := m.args.eval(ctx, row, i, m.ks[i])
		if err != nil || x.k == kNull {
			return nil, err
		}
		s := x.s
		if x.k != kString {
			_, scale := decimalShape(m.args[i], x.k)
			s = x.toText(scale)
		}
		if i == 0 {
			best = s
			continue
		}
		c, err := m.typ.Compare(ctx, s, best)
		if err != nil {
			return nil, err
		}
		if m.greatest && c > 0 || !m.greatest && c < 0 {
			best = s
		}
	}
	return best, nil
}
