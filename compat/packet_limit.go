package compat

// Fault (go-mysql-server v0.20.0): the string functions build whatever
// their arguments ask for. SPACE(20000000) hangs (Space.Eval appends one
// space at a time, quadratic; KILL QUERY does not stop it), REPEAT, LPAD,
// RPAD, CONCAT, CONCAT_WS, REPLACE, INSERT and HEX return strings of hundreds
// of megabytes, REPEAT('a', 2^64-1) takes seconds, and a REPLACE whose
// answer would be terabytes aborts the process (Go's out of memory is
// fatal). MySQL 8 (sql/item_strfunc.cc, each function's val_str) checks
// the answer's length against the session's max_allowed_packet before it
// builds it and answers NULL with warning 1301 "Result of repeat() was
// larger than max_allowed_packet (16777216) - truncated". packetLimited
// wraps each such function: it evaluates the arguments once, computes
// the answer's length from them as MySQL does (checkPacket), and builds
// the answer only when it fits; an answer whose length could not be known
// before is checked after. MySQL 8's default max_allowed_packet is 64 MiB
// (go-mysql-server's, 1 GiB). Pinned by TestPacketLimit (against MariaDB)
// and TestSpacePrompt.

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// erWarnAllowedPacketOverflowed is ER_WARN_ALLOWED_PACKET_OVERFLOWED.
const erWarnAllowedPacketOverflowed = 1301

// defaultMaxAllowedPacket is MySQL 8's default max_allowed_packet, 64 MiB.
const defaultMaxAllowedPacket = 64 << 20

// maxAllowedPacketVar is max_allowed_packet as MySQL 8 declares it: 1 KiB
// to 1 GiB, 64 MiB by default.
func maxAllowedPacketVar() *sql.MysqlSystemVariable {
	return &sql.MysqlSystemVariable{
		Name:    "max_allowed_packet",
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic: true,
		Type:    types.NewSystemUintType("max_allowed_packet", 1024, 1<<30),
		Default: int64(defaultMaxAllowedPacket),
	}
}

// verdict is what checkPacket decides of a call before it is built.
type verdict uint8

const (
	build    verdict = iota // build the answer with the function itself
	tooLong                 // NULL, with warning 1301
	answered                // the answer is checkPacket's own
)

// packetCheck decides a call of one function from its evaluated
// arguments and the limit; an answered verdict comes with the answer.
type packetCheck func(p *packetLimited, as []packetArg, limit int64) (verdict, any)

// packetArg is one evaluated argument of a packetLimited call.
type packetArg struct {
	v    any
	expr sql.Expression
}

func (a packetArg) null() bool { return a.v == nil }

// bytes is the length in bytes of a string argument (a number's text).
func (a packetArg) bytes() int64 {
	switch x := a.v.(type) {
	case string:
		return int64(len(x))
	case []byte:
		return int64(len(x))
	}
	return int64(len(a.text()))
}

// text is the argument as a string (its bytes, for a binary one).
func (a packetArg) text() string {
	switch x := a.v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	case nil:
		return ""
	}
	v := toValue(kindOf(a.expr), a.v)
	return v.toText(0)
}

// chars is the length in characters of a string argument: its bytes for
// a binary one.
func (a packetArg) chars() int64 {
	if _, ok := a.v.([]byte); ok || isBinary(a.expr) {
		return a.bytes()
	}
	return int64(utf8.RuneCountInString(a.text()))
}

// count is the argument as MySQL's val_int reads a count: its value and
// unsigned flag.
func (a packetArg) count() (int64, bool) {
	v := toValue(kindOf(a.expr), a.v)
	i, _ := v.toInt()
	return i, unsignedFlag(a.expr)
}

// clampCount is a count as REPEAT, SPACE, LPAD and RPAD take it: at most
// INT_MAX32, an unsigned one of 2^63 and more included; negative is
// negative.
func clampCount(n int64, unsigned bool) int64 {
	if unsigned && n < 0 || n > math.MaxInt32 {
		return math.MaxInt32
	}
	return n
}

// packetChecks are the functions MySQL 8 checks against
// max_allowed_packet, each with its check_* logic (item_strfunc.cc); nil
// checks only the built answer (WEIGHT_STRING). MAKE_SET and CHAR are not
// checked, as in MySQL: MAKE_SET of two strings of 0.6 times the limit is
// their 1.2 (so in MariaDB 10.11).
var packetChecks = map[string]packetCheck{
	"space":         checkSpace,
	"repeat":        checkRepeat,
	"lpad":          checkPad,
	"rpad":          checkPad,
	"concat":        checkConcat,
	"concat_ws":     checkConcatWS,
	"replace":       checkReplace,
	"insert":        checkInsert,
	"export_set":    checkExportSet,
	"to_base64":     checkToBase64,
	"hex":           checkHex,
	"weight_string": nil,
}

// checkSpace is Item_func_space: ” for a count of 0 or a negative
// signed one, NULL beyond the limit, else the spaces, built here
// (go-mysql-server's SPACE is quadratic).
func checkSpace(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() {
		return answered, nil
	}
	n, unsigned := as[0].count()
	if n <= 0 && (n == 0 || !unsigned) {
		return answered, ""
	}
	n = clampCount(n, unsigned)
	if n > limit {
		return tooLong, nil
	}
	return answered, strings.Repeat(" ", int(n))
}

// checkRepeat is Item_func_repeat: ” for a count of 0 or a negative
// signed one or an empty string, NULL when the string's length times the
// count passes the limit.
func checkRepeat(p *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() || as[1].null() {
		return answered, nil
	}
	n, unsigned := as[1].count()
	if n <= 0 && (n == 0 || !unsigned) || as[0].bytes() == 0 {
		return answered, p.empty()
	}
	if as[0].bytes() > limit/clampCount(n, unsigned) {
		return tooLong, nil
	}
	return build, nil
}

// checkPad is Item_func_lpad and Item_func_rpad: NULL for a negative
// signed count; a count not past the string's characters cuts it; else
// NULL when the count in the answer's widest characters passes the limit,
// or when the padding is empty.
func checkPad(p *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() || as[1].null() || as[2].null() {
		return answered, nil
	}
	n, unsigned := as[1].count()
	if n < 0 && !unsigned {
		return answered, nil
	}
	n = clampCount(n, unsigned)
	if n <= as[0].chars() {
		return build, nil
	}
	if n*p.mbMaxLen() > limit {
		return tooLong, nil
	}
	if as[2].bytes() == 0 {
		return answered, nil // nothing to pad with
	}
	return build, nil
}

// checkConcat is Item_func_concat: NULL when the arguments together pass
// the limit.
func checkConcat(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	var total int64
	for _, a := range as {
		if a.null() {
			return answered, nil
		}
		if total += a.bytes(); total > limit {
			return tooLong, nil
		}
	}
	return build, nil
}

// checkConcatWS is Item_func_concat_ws: its non-NULL strings and the
// separators between them.
func checkConcatWS(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() {
		return answered, nil
	}
	var total int64
	n := 0
	for _, a := range as[1:] {
		if a.null() {
			continue
		}
		if n > 0 {
			total += as[0].bytes()
		}
		n++
		if total += a.bytes(); total > limit {
			return tooLong, nil
		}
	}
	return build, nil
}

// checkReplace is Item_func_replace: the answer's length, the string's
// less each occurrence of from plus to, computed before it is built.
func checkReplace(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() || as[1].null() || as[2].null() {
		return answered, nil
	}
	from := as[1].text()
	if from == "" {
		return build, nil
	}
	s := as[0].text()
	k := int64(strings.Count(s, from))
	if int64(len(s))+k*(as[2].bytes()-int64(len(from))) > limit {
		return tooLong, nil
	}
	return build, nil
}

// checkInsert is Item_func_insert: the string less the characters cut,
// plus the new string.
func checkInsert(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	for _, a := range as {
		if a.null() {
			return answered, nil
		}
	}
	pos, _ := as[1].count()
	n, nu := as[2].count()
	chars := as[0].chars()
	if pos < 1 || pos > chars {
		return build, nil
	}
	s := as[0].text()
	start, cut := pos-1, chars-(pos-1)
	if (n >= 0 || nu) && !(nu && n < 0) && n < cut {
		cut = n
	}
	cutBytes := cut
	if chars != int64(len(s)) { // characters of several bytes
		b := []byte(s)
		i := byteOffset(b, start)
		cutBytes = int64(byteOffset(b[i:], cut))
	}
	if int64(len(s))-cutBytes+as[3].bytes() > limit {
		return tooLong, nil
	}
	return build, nil
}

// byteOffset is the offset in b of its n-th character (UTF-8).
func byteOffset(b []byte, n int64) int {
	i := 0
	for ; n > 0 && i < len(b); n-- {
		_, w := utf8.DecodeRune(b[i:])
		i += w
	}
	return i
}

// checkExportSet is Item_func_export_set: the longer of on and off for
// each of the bits (64, or the fifth argument clamped to 0..64), with a
// separator (',' unless given) between them.
func checkExportSet(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	for _, a := range as {
		if a.null() {
			return build, nil
		}
	}
	bits := int64(64)
	if len(as) > 4 {
		n, unsigned := as[4].count()
		if n >= 0 && n < 64 && !(unsigned && n < 0) {
			bits = n
		}
	}
	sep := int64(1)
	if len(as) > 3 {
		sep = as[3].bytes()
	}
	if bits > 0 && max(as[1].bytes(), as[2].bytes())*bits+sep*(bits-1) > limit {
		return tooLong, nil
	}
	return build, nil
}

// checkToBase64 is Item_func_to_base64: base64_needed_encoded_length, 4
// bytes for each 3, a newline after each 76 and a terminating NUL.
func checkToBase64(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() {
		return answered, nil
	}
	chars := (as[0].bytes() + 2) / 3 * 4
	if chars+(chars-1)/76+1 > limit {
		return tooLong, nil
	}
	return build, nil
}

// checkHex is Item_func_hex: two digits a byte of a string (a number's
// digits are never long).
func checkHex(_ *packetLimited, as []packetArg, limit int64) (verdict, any) {
	if as[0].null() {
		return answered, nil
	}
	switch as[0].v.(type) {
	case string, []byte:
		if 2*as[0].bytes() > limit {
			return tooLong, nil
		}
	}
	return build, nil
}

// packetLimited is a call of a function of packetChecks: inner, which
// builds the answer, with the check before it.
type packetLimited struct {
	inner sql.Expression
	name  string
}

var _ sql.FunctionExpression = (*packetLimited)(nil)
var _ sql.CollationCoercible = (*packetLimited)(nil)

// FunctionName implements sql.FunctionExpression.
func (p *packetLimited) FunctionName() string { return p.name }

// Description implements sql.FunctionExpression.
func (p *packetLimited) Description() string {
	if f, ok := p.inner.(sql.FunctionExpression); ok {
		return f.Description()
	}
	return p.name
}

// Resolved implements sql.Expression.
func (p *packetLimited) Resolved() bool { return p.inner.Resolved() }

// String implements sql.Expression.
func (p *packetLimited) String() string { return p.inner.String() }

// Type implements sql.Expression.
func (p *packetLimited) Type() sql.Type { return p.inner.Type() }

// IsNullable implements sql.Expression: NULL beyond the limit.
func (p *packetLimited) IsNullable() bool { return true }

// Children implements sql.Expression.
func (p *packetLimited) Children() []sql.Expression { return p.inner.Children() }

// CollationCoercibility implements sql.CollationCoercible.
func (p *packetLimited) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, p.inner)
}

// WithChildren implements sql.Expression.
func (p *packetLimited) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := p.inner.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &packetLimited{inner: e, name: p.name}, nil
}

// Eval implements sql.Expression: the arguments once, the check, then
// inner over their values and the check of its answer.
func (p *packetLimited) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	children := p.inner.Children()
	as := make([]packetArg, len(children))
	for i, c := range children {
		v, err := c.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		as[i] = packetArg{v: v, expr: c}
	}
	limit := maxAllowedPacket(ctx)
	if check := packetChecks[p.name]; check != nil {
		switch verdict, v := check(p, as, limit); verdict {
		case tooLong:
			return p.overflow(ctx, limit), nil
		case answered:
			return v, nil
		}
	}
	lits := make([]sql.Expression, len(children))
	for i, a := range as {
		lits[i] = asLiteral(a)
	}
	e, err := p.inner.WithChildren(lits...)
	if err != nil {
		return nil, err
	}
	v, err := e.Eval(ctx, nil)
	if err != nil {
		return nil, err
	}
	if (packetArg{v: v, expr: p.inner}).bytes() > limit && v != nil {
		return p.overflow(ctx, limit), nil
	}
	return v, nil
}

// asLiteral is an evaluated argument as an expression that gives its
// value again, keeping what the function reads of its type: a
// hexadecimal literal stays one.
func asLiteral(a packetArg) sql.Expression {
	switch e := a.expr.(type) {
	case *hexLit, *expression.Literal:
		return e
	}
	return expression.NewLiteral(a.v, a.expr.Type())
}

// overflow warns, as MySQL does, that the answer passed the limit, and
// is the NULL answer.
func (p *packetLimited) overflow(ctx *sql.Context, limit int64) any {
	warn(ctx, erWarnAllowedPacketOverflowed, "Result of %s() was larger than max_allowed_packet (%d) - truncated", p.name, limit)
	return nil
}

// empty is the empty answer of the function's type.
func (p *packetLimited) empty() any {
	if types.IsBinaryType(p.Type()) {
		return []byte{}
	}
	return ""
}

// mbMaxLen is the widest character of the answer's character set, in
// bytes (collation.mbmaxlen): 4 for utf8mb4, 1 for a binary string.
func (p *packetLimited) mbMaxLen() int64 {
	if st, ok := p.Type().(sql.TypeWithCollation); ok {
		if n := st.Collation().CharacterSet().MaxLength(); n > 0 {
			return n
		}
	}
	return 1
}

// maxAllowedPacket is the session's max_allowed_packet.
func maxAllowedPacket(ctx *sql.Context) int64 {
	if ctx != nil && ctx.Session != nil {
		if v, err := ctx.GetSessionVariable(ctx, "max_allowed_packet"); err == nil {
			if i, ok := goInt(v); ok && i > 0 {
				return i
			}
		}
	}
	return defaultMaxAllowedPacket
}

// packetFunction is a function of packetChecks whose calls are
// packetLimited.
type packetFunction struct{ sql.Function }

// NewInstance implements sql.Function.
func (f packetFunction) NewInstance(args []sql.Expression) (sql.Expression, error) {
	e, err := f.Function.NewInstance(args)
	if err != nil {
		return nil, err
	}
	return &packetLimited{inner: e, name: strings.ToLower(f.FunctionName())}, nil
}

// withPacketLimit returns fns with each function of packetChecks a
// packetFunction, and go-mysql-server's built-ins of those names that fns
// lacks added as packetFunctions, in name order.
func withPacketLimit(fns []sql.Function) []sql.Function {
	have := map[string]bool{}
	for i, f := range fns {
		name := strings.ToLower(f.FunctionName())
		have[name] = true
		if _, ok := packetChecks[name]; ok {
			fns[i] = packetFunction{f}
		}
	}
	var names []string
	for name := range packetChecks {
		names = append(names, name)
	}
	return appendBuiltins(fns, have, names, func(b sql.Function) sql.Function { return packetFunction{b} })
}
