package compat

// Fault (go-mysql-server v0.20.0): the string functions read a binary
// string (VARBINARY, BLOB, BINARY, a hexadecimal literal) as UTF-8 text,
// so every byte of 0x80 or more that is not part of a UTF-8 sequence
// becomes U+FFFD: LENGTH(SUBSTRING(sig, 15, 8)) of a MinHash signature is
// 16 and its HEX starts 00EFBFBD78…, where MySQL cuts the 8 bytes
// 00F1789060D1E336; REVERSE, LPAD and CONCAT fail with "invalid string
// for charset utf8mb4", LOCATE refuses binary arguments, TRIM of one
// panics and INSERT does not exist. MD5, SHA, SHA1, SHA2, CRC32,
// TO_BASE64, STRCMP, FIELD, ELT, FIND_IN_SET, COALESCE and GROUP_CONCAT
// of such bytes failed with 1105 "invalid string for charset utf8mb4"
// (TO_BASE64: "invalid type: %!s(<nil>)"), since go-mysql-server converts
// their arguments to LONGTEXT. In MySQL a binary string's characters
// are its bytes, for every string function (and a function of several
// strings is binary when one is). The replacements work on bytes when
// their string argument is binary and are go-mysql-server's built-ins
// otherwise; the rule binaryGroupConcat gives GROUP_CONCAT its values as
// BLOBs. Pinned by TestBinaryStrings and TestBinaryDifferential (against
// MariaDB).

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash"
	"hash/crc32"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// byteFunc is one string function over bytes. strs says which arguments
// are strings (a binary one among them makes the call binary), minArgs
// and maxArgs its arity, eval its body over the evaluated arguments
// (strings as bytes, numbers as val_int reads them), and result the
// type of its answer.
type byteFunc struct {
	name             string
	minArgs, maxArgs int
	strs             func(i int) bool
	eval             func(a []arg) (any, error)
	integer          bool // the answer is a BIGINT (LOCATE, ASCII, …), else a binary string
	text             bool // the answer is text (MD5's hexadecimal digits, TO_BASE64)
	// nulls: eval sees NULL arguments (arg.null) instead of the call
	// being NULL (COALESCE, ELT, FIELD).
	nulls bool
}

// arg is an evaluated argument of a byteFunc: its bytes and, for a
// number argument, its integer value.
type arg struct {
	b []byte
	i int64
	// unsigned is MySQL's unsigned_flag of a number argument:
	// SUBSTRING's length of 2^63 or more is huge, not negative.
	unsigned bool
	null     bool // the argument is NULL (for a byteFunc with nulls)
}

func first(i int) bool    { return i == 0 }
func allStr(int) bool     { return true }
func firstTwo(i int) bool { return i < 2 }

// n is the value of a number argument, an unsigned one of 2^63 or more
// read as the largest BIGINT (it is a huge count, not a negative one).
func (x arg) n() int64 {
	if x.unsigned && x.i < 0 {
		return math.MaxInt64
	}
	return x.i
}

var byteFuncs = []byteFunc{
	{name: "ascii", minArgs: 1, maxArgs: 1, strs: first, integer: true, eval: func(a []arg) (any, error) {
		if len(a[0].b) == 0 {
			return int64(0), nil
		}
		return int64(a[0].b[0]), nil
	}},
	{name: "char_length", minArgs: 1, maxArgs: 1, strs: first, integer: true, eval: charLength},
	{name: "character_length", minArgs: 1, maxArgs: 1, strs: first, integer: true, eval: charLength},
	{name: "concat", minArgs: 1, maxArgs: math.MaxInt, strs: allStr, eval: func(a []arg) (any, error) {
		var out []byte
		for _, x := range a {
			out = append(out, x.b...)
		}
		return nonNil(out), nil
	}},
	{name: "concat_ws", minArgs: 2, maxArgs: math.MaxInt, strs: allStr, eval: nil}, // NULL args are skipped: see concatWS
	{name: "insert", minArgs: 4, maxArgs: 4, strs: func(i int) bool { return i == 0 || i == 3 }, eval: func(a []arg) (any, error) {
		s, pos, n, ins := a[0].b, a[1].n(), a[2].n(), a[3].b
		if pos < 1 || pos > int64(len(s)) {
			return nonNil(s), nil
		}
		start := pos - 1
		end := int64(len(s))
		if n >= 0 && n < end-start {
			end = start + n
		}
		out := append(append(append([]byte{}, s[:start]...), ins...), s[end:]...)
		return out, nil
	}},
	{name: "instr", minArgs: 2, maxArgs: 2, strs: allStr, integer: true, eval: func(a []arg) (any, error) {
		return locate(a[1].b, a[0].b, 1), nil
	}},
	{name: "lcase", minArgs: 1, maxArgs: 1, strs: first, eval: same},
	{name: "left", minArgs: 2, maxArgs: 2, strs: first, eval: func(a []arg) (any, error) {
		s, n := a[0].b, a[1].n()
		switch {
		case n <= 0:
			return []byte{}, nil
		case n >= int64(len(s)):
			return nonNil(s), nil
		}
		return s[:n], nil
	}},
	{name: "locate", minArgs: 2, maxArgs: 3, strs: firstTwo, integer: true, eval: func(a []arg) (any, error) {
		pos := int64(1)
		if len(a) == 3 {
			pos = a[2].n()
		}
		return locate(a[0].b, a[1].b, pos), nil
	}},
	{name: "lower", minArgs: 1, maxArgs: 1, strs: first, eval: same},
	{name: "lpad", minArgs: 3, maxArgs: 3, strs: func(i int) bool { return i != 1 }, eval: func(a []arg) (any, error) {
		return pad(a[0].b, a[1], a[2].b, true)
	}},
	{name: "ltrim", minArgs: 1, maxArgs: 1, strs: first, eval: func(a []arg) (any, error) {
		return bytes.TrimLeft(a[0].b, " "), nil
	}},
	{name: "mid", minArgs: 2, maxArgs: 3, strs: first, eval: substring},
	{name: "ord", minArgs: 1, maxArgs: 1, strs: first, integer: true, eval: func(a []arg) (any, error) {
		if len(a[0].b) == 0 {
			return int64(0), nil
		}
		return int64(a[0].b[0]), nil
	}},
	{name: "repeat", minArgs: 2, maxArgs: 2, strs: first, eval: func(a []arg) (any, error) {
		n := a[1].n()
		if n <= 0 || len(a[0].b) == 0 {
			return []byte{}, nil
		}
		if n > maxStringBytes/int64(len(a[0].b)) {
			return nil, nil // packet_limit.go warns of it
		}
		return bytes.Repeat(a[0].b, int(n)), nil
	}},
	{name: "replace", minArgs: 3, maxArgs: 3, strs: allStr, eval: func(a []arg) (any, error) {
		if len(a[1].b) == 0 {
			return nonNil(a[0].b), nil
		}
		return bytes.ReplaceAll(a[0].b, a[1].b, a[2].b), nil
	}},
	{name: "reverse", minArgs: 1, maxArgs: 1, strs: first, eval: func(a []arg) (any, error) {
		out := make([]byte, len(a[0].b))
		for i, c := range a[0].b {
			out[len(out)-1-i] = c
		}
		return out, nil
	}},
	{name: "right", minArgs: 2, maxArgs: 2, strs: first, eval: func(a []arg) (any, error) {
		s, n := a[0].b, a[1].n()
		switch {
		case n <= 0:
			return []byte{}, nil
		case n >= int64(len(s)):
			return nonNil(s), nil
		}
		return s[int64(len(s))-n:], nil
	}},
	{name: "rpad", minArgs: 3, maxArgs: 3, strs: func(i int) bool { return i != 1 }, eval: func(a []arg) (any, error) {
		return pad(a[0].b, a[1], a[2].b, false)
	}},
	{name: "rtrim", minArgs: 1, maxArgs: 1, strs: first, eval: func(a []arg) (any, error) {
		return bytes.TrimRight(a[0].b, " "), nil
	}},
	{name: "substr", minArgs: 2, maxArgs: 3, strs: first, eval: substring},
	{name: "substring", minArgs: 2, maxArgs: 3, strs: first, eval: substring},
	{name: "substring_index", minArgs: 3, maxArgs: 3, strs: firstTwo, eval: func(a []arg) (any, error) {
		s, delim, n := a[0].b, a[1].b, a[2].n()
		if len(delim) == 0 || n == 0 {
			return []byte{}, nil
		}
		if n > 0 {
			idx := 0
			for c := int64(0); ; c++ {
				j := bytes.Index(s[idx:], delim)
				if j < 0 {
					return nonNil(s), nil
				}
				if c == n-1 {
					return s[:idx+j], nil
				}
				idx += j + len(delim)
			}
		}
		end := len(s)
		for c := int64(0); ; c-- {
			j := bytes.LastIndex(s[:end], delim)
			if j < 0 {
				return nonNil(s), nil
			}
			if c == n+1 {
				return s[j+len(delim):], nil
			}
			end = j
		}
	}},
	{name: "coalesce", minArgs: 1, maxArgs: math.MaxInt, strs: allStr, nulls: true, eval: func(a []arg) (any, error) {
		for _, x := range a {
			if !x.null {
				return nonNil(x.b), nil
			}
		}
		return nil, nil
	}},
	{name: "crc32", minArgs: 1, maxArgs: 1, strs: first, integer: true, eval: func(a []arg) (any, error) {
		return int64(crc32.ChecksumIEEE(a[0].b)), nil
	}},
	{name: "elt", minArgs: 2, maxArgs: math.MaxInt, strs: func(i int) bool { return i > 0 }, nulls: true, eval: func(a []arg) (any, error) {
		n := a[0].n()
		if a[0].null || n < 1 || n >= int64(len(a)) || a[n].null {
			return nil, nil
		}
		return nonNil(a[n].b), nil
	}},
	{name: "field", minArgs: 2, maxArgs: math.MaxInt, strs: allStr, integer: true, nulls: true, eval: func(a []arg) (any, error) {
		if a[0].null {
			return int64(0), nil
		}
		for i, x := range a[1:] {
			if !x.null && bytes.Equal(x.b, a[0].b) {
				return int64(i + 1), nil
			}
		}
		return int64(0), nil
	}},
	{name: "find_in_set", minArgs: 2, maxArgs: 2, strs: allStr, integer: true, eval: func(a []arg) (any, error) {
		s, list := a[0].b, a[1].b
		if len(list) == 0 || bytes.IndexByte(s, ',') >= 0 {
			return int64(0), nil
		}
		for i, x := range bytes.Split(list, []byte{','}) {
			if bytes.Equal(x, s) {
				return int64(i + 1), nil
			}
		}
		return int64(0), nil
	}},
	{name: "md5", minArgs: 1, maxArgs: 1, strs: first, text: true, eval: func(a []arg) (any, error) {
		sum := md5.Sum(a[0].b)
		return hex.EncodeToString(sum[:]), nil
	}},
	{name: "sha", minArgs: 1, maxArgs: 1, strs: first, text: true, eval: sha1Hex},
	{name: "sha1", minArgs: 1, maxArgs: 1, strs: first, text: true, eval: sha1Hex},
	{name: "sha2", minArgs: 2, maxArgs: 2, strs: first, text: true, eval: func(a []arg) (any, error) {
		var h hash.Hash
		switch a[1].n() {
		case 0, 256:
			h = sha256.New()
		case 224:
			h = sha256.New224()
		case 384:
			h = sha512.New384()
		case 512:
			h = sha512.New()
		default:
			return nil, nil // MySQL: NULL, with warning 1210
		}
		h.Write(a[0].b)
		return hex.EncodeToString(h.Sum(nil)), nil
	}},
	{name: "strcmp", minArgs: 2, maxArgs: 2, strs: allStr, integer: true, eval: func(a []arg) (any, error) {
		return int64(bytes.Compare(a[0].b, a[1].b)), nil
	}},
	{name: "to_base64", minArgs: 1, maxArgs: 1, strs: first, text: true, eval: func(a []arg) (any, error) {
		return toBase64(a[0].b), nil
	}},
	{name: "ucase", minArgs: 1, maxArgs: 1, strs: first, eval: same},
	{name: "upper", minArgs: 1, maxArgs: 1, strs: first, eval: same},
}

// maxStringBytes is the longest string REPEAT and the pads make: the
// largest max_allowed_packet, a backstop for a call not checked against
// the session's (packet_limit.go).
const maxStringBytes = 1 << 30

func same(a []arg) (any, error) { return nonNil(a[0].b), nil }

func sha1Hex(a []arg) (any, error) {
	sum := sha1.Sum(a[0].b)
	return hex.EncodeToString(sum[:]), nil
}

// toBase64 is MySQL's TO_BASE64 of b: standard base64 with '=' padding, a
// newline after every 76 characters of output.
func toBase64(b []byte) string {
	enc := base64.StdEncoding.EncodeToString(b)
	var out strings.Builder
	for len(enc) > 76 {
		out.WriteString(enc[:76])
		out.WriteByte('\n')
		enc = enc[76:]
	}
	out.WriteString(enc)
	return out.String()
}
func charLength(a []arg) (any, error) { return int64(len(a[0].b)), nil }

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// substring is SUBSTRING(s, pos[, n]) over bytes (Item_func_substr).
func substring(a []arg) (any, error) {
	s, pos := a[0].b, a[1].n()
	n := int64(math.MaxInt32)
	if len(a) == 3 {
		if l := a[2].n(); l <= 0 {
			return []byte{}, nil
		} else if l < math.MaxInt32 {
			n = l
		}
	}
	if pos < math.MinInt32 || pos > math.MaxInt32 {
		return []byte{}, nil
	}
	start := pos - 1
	if pos < 0 {
		start = int64(len(s)) + pos
	}
	if start < 0 || start >= int64(len(s)) {
		return []byte{}, nil
	}
	end := min(start+n, int64(len(s)))
	return s[start:end], nil
}

// locate is LOCATE(sub, s, pos) over bytes: the 1-based position of the
// first sub at or after pos, 0 when there is none.
func locate(sub, s []byte, pos int64) int64 {
	start := pos - 1
	if start < 0 || start > int64(len(s)) {
		return 0
	}
	j := bytes.Index(s[start:], sub)
	if j < 0 {
		return 0
	}
	return start + int64(j) + 1
}

// pad is LPAD (left) or RPAD of s to n bytes with p (Item_func_lpad):
// NULL for a negative n or an empty p that is needed.
func pad(s []byte, count arg, p []byte, left bool) (any, error) {
	n := count.n()
	if n < 0 || n > maxStringBytes { // packet_limit.go warns of the latter
		return nil, nil
	}
	if n <= int64(len(s)) {
		return s[:n], nil
	}
	if len(p) == 0 {
		return nil, nil
	}
	want := int(n) - len(s)
	fill := make([]byte, 0, want)
	for len(fill) < want {
		fill = append(fill, p[:min(len(p), want-len(fill))]...)
	}
	if left {
		return append(fill, s...), nil
	}
	return append(append([]byte{}, s...), fill...), nil
}

// isBinary reports whether e is a binary string: of a binary type, or a
// hexadecimal literal.
func isBinary(e sql.Expression) bool {
	return isHex(e) || e.Resolved() && types.IsBinaryType(e.Type())
}

// bytesCall is a call of a byteFunc with a binary string argument.
type bytesCall struct {
	args
	f  *byteFunc
	ks []kind
}

var _ sql.FunctionExpression = (*bytesCall)(nil)
var _ sql.CollationCoercible = (*bytesCall)(nil)

// FunctionName implements sql.FunctionExpression.
func (c *bytesCall) FunctionName() string { return c.f.name }

// Description implements sql.FunctionExpression.
func (c *bytesCall) Description() string {
	return c.f.name + " of a binary string, on its bytes."
}

// String implements sql.Expression.
func (c *bytesCall) String() string {
	as := make([]string, len(c.args))
	for i, a := range c.args {
		as[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", c.f.name, strings.Join(as, ", "))
}

// Type implements sql.Expression: BIGINT, LONGTEXT or LONGBLOB.
func (c *bytesCall) Type() sql.Type {
	switch {
	case c.f.integer:
		return types.Int64
	case c.f.text:
		return types.LongText
	}
	return types.LongBlob
}

// CollationCoercibility implements sql.CollationCoercible.
func (c *bytesCall) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	switch {
	case c.f.integer:
		return sql.Collation_binary, 5
	case c.f.text:
		return sql.Collation_Default, 4
	}
	return sql.Collation_binary, 4
}

// WithChildren implements sql.Expression.
func (c *bytesCall) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(c.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), len(c.args))
	}
	return newByteCall(c.f, children)
}

// Eval implements sql.Expression. NULL in, NULL out (CONCAT_WS skips its
// NULL strings).
func (c *bytesCall) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make([]arg, len(c.args))
	isNull := make([]bool, len(c.args))
	for i := range c.args {
		v, err := c.eval(ctx, row, i, c.ks[i])
		if err != nil {
			return nil, err
		}
		if v.k == kNull {
			isNull[i] = true
			vals[i].null = true
			if c.f.nulls {
				continue
			}
			if c.f.eval != nil || i == 0 {
				return nil, nil
			}
			continue
		}
		if c.f.strs(i) {
			vals[i].b = bytesOf(c.args[i], v)
		} else {
			vals[i].i, _ = v.toInt()
			vals[i].unsigned = unsignedFlag(c.args[i])
		}
	}
	if c.f.eval == nil { // concat_ws
		var out []byte
		for i := 1; i < len(vals); i++ {
			if isNull[i] {
				continue
			}
			if hasValue(isNull[1:i]) {
				out = append(out, vals[0].b...)
			}
			out = append(out, vals[i].b...)
		}
		return nonNil(out), nil
	}
	return c.f.eval(vals)
}

func hasValue(nulls []bool) bool {
	for _, n := range nulls {
		if !n {
			return true
		}
	}
	return false
}

// bytesOf returns the bytes of a string argument: a binary string's own,
// a number's text (as MySQL's val_str writes it).
func bytesOf(e sql.Expression, v value) []byte {
	if h, ok := e.(*hexLit); ok {
		return h.Value().([]byte)
	}
	if types.IsBit(e.Type()) && v.k == kUint {
		return bitValueBytes(e.Type(), uint64(v.i)) // a BIT value is its bytes
	}
	if v.k == kDouble && e.Type().Type() == sqltypes.Float32 {
		return []byte(formatFloat(float32(v.f))) // double_text.go
	}
	if v.k == kString {
		return []byte(v.s)
	}
	var scale int32
	if dt, ok := e.Type().(sql.DecimalType); ok {
		scale = int32(dt.Scale())
	}
	return []byte(v.toText(scale))
}

// newByteCall returns f of args on bytes when one of its string
// arguments is binary, go-mysql-server's built-in f otherwise.
func newByteCall(f *byteFunc, args []sql.Expression) (sql.Expression, error) {
	args, _ = binaryLiterals(args) // binary_params.go
	binary := false
	for i, a := range args {
		binary = binary || f.strs(i) && isBinary(a)
	}
	if !binary || len(args) < f.minArgs || len(args) > f.maxArgs {
		return textCall(f, args)
	}
	c := &bytesCall{args: args, f: f}
	c.ks = c.args.kinds()
	for i, k := range c.ks {
		if !k.numeric() && !isBinary(args[i]) {
			return textCall(f, args)
		}
	}
	return c, nil
}

// textCall is f of character strings: go-mysql-server's built-in, or
// simsql's INSERT, which go-mysql-server lacks (insert_text.go).
func textCall(f *byteFunc, args []sql.Expression) (sql.Expression, error) {
	if f.name == "insert" && len(args) == 4 {
		return newInsertText(unwrapAll(args...)), nil
	}
	return builtin(f.name, unwrapAll(args...))
}

var builtins = func() map[string]sql.Function {
	m := make(map[string]sql.Function, len(function.BuiltIns))
	for _, f := range function.BuiltIns {
		m[f.FunctionName()] = f
	}
	return m
}()

// appendBuiltins returns fns with go-mysql-server's built-in of each of
// names that have lacks, made wrap of it, in name order; have records
// them.
func appendBuiltins(fns []sql.Function, have map[string]bool, names []string, wrap func(sql.Function) sql.Function) []sql.Function {
	sort.Strings(names)
	for _, name := range names {
		if b, ok := builtins[name]; ok && !have[name] {
			fns = append(fns, wrap(b))
			have[name] = true
		}
	}
	return fns
}

// builtin is go-mysql-server's built-in function name of args.
func builtin(name string, args []sql.Expression) (sql.Expression, error) {
	f, ok := builtins[name]
	if !ok {
		return nil, sql.ErrFunctionNotFound.New(name)
	}
	return f.NewInstance(args)
}

// byteFunctions returns the string functions that work on bytes for a
// binary argument, as sql.Functions replacing the built-ins by name.
func byteFunctions() []sql.Function {
	fns := make([]sql.Function, len(byteFuncs))
	for i := range byteFuncs {
		f := &byteFuncs[i]
		fns[i] = sql.FunctionN{Name: f.name, Fn: func(args ...sql.Expression) (sql.Expression, error) {
			return newByteCall(f, args)
		}}
	}
	return fns
}

// newTrim is TRIM([BOTH | LEADING | TRAILING] [pattern FROM] s): on bytes
// for a binary s or pattern, go-mysql-server's otherwise.
func newTrim(s, pattern sql.Expression, dir string) sql.Expression {
	s, pattern = binaryLiteral(s), binaryLiteral(pattern)
	if s.Resolved() && types.IsBit(s.Type()) {
		s = &bitBytes{temporalArg{s}} // a BIT is its bytes (temporal_text.go)
	}
	if !isBinary(s) && !isBinary(pattern) {
		return function.NewTrim(unwrap(s), unwrap(pattern), dir)
	}
	f := &byteFunc{name: "trim", minArgs: 2, maxArgs: 2, strs: allStr, eval: func(a []arg) (any, error) {
		out, p := a[0].b, a[1].b
		if len(p) == 0 {
			return nonNil(out), nil
		}
		if dir != ast.Trailing {
			for bytes.HasPrefix(out, p) {
				out = out[len(p):]
			}
		}
		if dir != ast.Leading {
			for bytes.HasSuffix(out, p) {
				out = out[:len(out)-len(p)]
			}
		}
		return nonNil(out), nil
	}}
	c := &bytesCall{args: args{s, pattern}, f: f}
	c.ks = c.args.kinds()
	return c
}

// newSubstr is SUBSTRING(s FROM pos FOR n), the form go-mysql-server's
// planner builds itself.
func newSubstr(s, pos, n sql.Expression) sql.Expression {
	s = binaryLiteral(s)
	if !isBinary(s) {
		if n == nil {
			return &function.Substring{Str: unwrap(s), Start: unwrap(pos)}
		}
		return &function.Substring{Str: unwrap(s), Start: unwrap(pos), Len: unwrap(n)}
	}
	as := []sql.Expression{s, pos}
	if n != nil {
		as = append(as, n)
	}
	e, _ := newByteCall(&byteFuncs[substringIndex()], as)
	return e
}

func substringIndex() int {
	for i, f := range byteFuncs {
		if f.name == "substring" {
			return i
		}
	}
	panic("no substring")
}

// ruleBinaryGroupConcat is the id of binaryGroupConcat, a pre-analysis
// rule.
const ruleBinaryGroupConcat analyzer.RuleId = 10_234

// binaryGroupConcat returns n with each GROUP_CONCAT of a binary string
// reading its values as BLOBs (asBlob): go-mysql-server concatenates
// bytes only when every value is of type BLOB exactly, and read a
// VARBINARY, a hexadecimal literal or a binary parameter as LONGTEXT,
// which refused its bytes that are not UTF-8 ("invalid string for
// charset utf8mb4"). In MySQL the result is binary when one value is.
func binaryGroupConcat(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		g, ok := e.(*aggregation.GroupConcat)
		if !ok {
			return e, transform.SameTree, nil
		}
		children := g.Children()
		// Its children are its ORDER BY expressions, then its values;
		// go-mysql-server exports no count of either.
		sorts := reflect.ValueOf(g).Elem().FieldByName("sf").Len()
		binary, done := false, true
		for _, c := range children[sorts:] {
			_, wrapped := c.(*asBlob)
			done = done && wrapped
			binary = binary || isBinary(binaryLiteral(c))
		}
		if !binary || done {
			return e, transform.SameTree, nil
		}
		nc := append([]sql.Expression{}, children...)
		for i := sorts; i < len(nc); i++ {
			nc[i] = &asBlob{temporalArg{binaryLiteral(nc[i])}}
		}
		e2, err := g.WithChildren(nc...)
		if err != nil {
			return e, transform.SameTree, err
		}
		// go-mysql-server's WithChildren drops the aggregate's column id.
		return e2.(*aggregation.GroupConcat).WithId(g.Id()).(sql.Expression), transform.NewTree, nil
	})
}

// asBlob is a value of GROUP_CONCAT of a binary string: its bytes, as a
// BLOB (a number's or a character string's text).
type asBlob struct{ temporalArg }

var _ sql.Expression = (*asBlob)(nil)

// Type implements sql.Expression.
func (e *asBlob) Type() sql.Type { return types.Blob }

// String implements sql.Expression.
func (e *asBlob) String() string { return e.arg.String() }

// WithChildren implements sql.Expression.
func (e *asBlob) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	if err != nil {
		return nil, err
	}
	return &asBlob{a}, nil
}

// Eval implements sql.Expression.
func (e *asBlob) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch x := v.(type) {
	case []byte:
		return x, nil
	case string:
		return []byte(x), nil
	}
	v, _, err = types.LongBlob.Convert(ctx, v)
	return v, err
}
