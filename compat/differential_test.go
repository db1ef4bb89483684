package compat_test

import (
	"database/sql"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The differential integer test, in the manner of Vitess's evalengine
// fuzzer against MySQL: random integer expressions over literals, columns,
// user variables and prepared-statement parameters, run on simsql in
// process and on MariaDB; the two must agree on the value, the class of
// the type (integer, decimal, double, string) and error or not (with the
// same MySQL error number). A case where MariaDB and MySQL 8 are known to
// differ, and simsql follows MySQL 8, is excluded and counted under its
// reason (exclusionReasons); exclusions are looked for only on a
// disagreement, against the case's own values.

var (
	diffCases = flag.Int("compat.cases", 12000, "expressions TestDifferentialIntegers generates")
	diffSeed  = flag.Uint64("compat.seed", 20250611, "seed of TestDifferentialIntegers")
)

// edge holds the integer values the generator favours: 0, 1, the 2^31,
// 2^32, 2^63 and 2^64 boundaries and their negatives, and shift counts.
var edge = []string{
	"0", "1", "2", "3", "7", "48", "63", "64", "65",
	"2147483647", "2147483648", "4294967295", "4294967296",
	"9223372036854775806", "9223372036854775807", "9223372036854775808", "9223372036854775809",
	"18446744073709551614", "18446744073709551615",
	"-1", "-2", "-2147483648", "-2147483649", "-4294967296",
	"-9223372036854775807", "-9223372036854775808",
}

// beyond are integer literals outside BIGINT and BIGINT UNSIGNED: MySQL
// types them DECIMAL.
var beyond = []string{"18446744073709551616", "-9223372036854775809", "-18446744073709551615", "99999999999999999999"}

// table is the rows the expressions read, one per case: id, u BIGINT
// UNSIGNED, s BIGINT, i INT, ui INT UNSIGNED, v VARCHAR (digits).
var table = [][]string{
	{"1", "18446744073709551615", "-9223372036854775808", "-1", "4294967295", "'18446744073709551615'"},
	{"2", "9223372036854775809", "9223372036854775807", "2147483647", "0", "'-1'"},
	{"3", "0", "-1", "-2147483648", "1", "'9223372036854775808'"},
	{"4", "9223372036854775808", "1", "0", "2147483648", "'0'"},
	{"5", "1", "-9223372036854775807", "7", "48", "'-9223372036854775809'"},
	{"6", "4294967296", "0", "64", "4294967295", "'99999999999999999999'"},
}

var userVars = map[string]string{
	"@u": "18446744073709551615", "@s": "-9223372036854775808", "@m": "-5", "@h": "9223372036854775808", "@z": "0",
}

// gexpr is a generated expression.
type gexpr struct {
	op    string // a leaf kind ("lit", "col", "param", "var") or an operator
	text  string // a leaf's SQL
	param any    // a parameter's value
	kids  []*gexpr
}

func (e *gexpr) sql() string {
	k := e.kids
	switch e.op {
	case "lit", "col", "param", "var":
		return e.text
	case "neg":
		return "-(" + k[0].sql() + ")"
	case "~":
		return "~(" + k[0].sql() + ")"
	case "signed":
		return "CAST(" + k[0].sql() + " AS SIGNED)"
	case "unsigned":
		return "CAST(" + k[0].sql() + " AS UNSIGNED)"
	case "bit_count":
		return "BIT_COUNT(" + k[0].sql() + ")"
	case "conv":
		return "CONV(" + k[0].sql() + ", " + k[1].sql() + ", " + k[2].sql() + ")"
	case "mod":
		return "MOD(" + k[0].sql() + ", " + k[1].sql() + ")"
	case "in", "not in":
		items := make([]string, len(k)-1)
		for i, x := range k[1:] {
			items[i] = x.sql()
		}
		return "(" + k[0].sql() + " " + strings.ToUpper(e.op) + " (" + strings.Join(items, ", ") + "))"
	case "between", "not between":
		return "(" + k[0].sql() + " " + strings.ToUpper(e.op) + " " + k[1].sql() + " AND " + k[2].sql() + ")"
	case "fn": // text is the function's name
		items := make([]string, len(k))
		for i, x := range k {
			items[i] = x.sql()
		}
		return e.text + "(" + strings.Join(items, ", ") + ")"
	case "case": // CASE WHEN k0 THEN k1 ELSE k2 END
		return "CASE WHEN " + k[0].sql() + " THEN " + k[1].sql() + " ELSE " + k[2].sql() + " END"
	case "cast": // text is the type
		return "CAST(" + k[0].sql() + " AS " + e.text + ")"
	case "agg": // text is the aggregate's name, "SUM" or "SUM(DISTINCT"
		if strings.HasSuffix(e.text, "DISTINCT") {
			return e.text + " " + k[0].sql() + ")"
		}
		return e.text + "(" + k[0].sql() + ")"
	}
	return "(" + k[0].sql() + " " + e.op + " " + k[1].sql() + ")"
}

// params returns the parameters of e in the order of their placeholders.
func (e *gexpr) params() []any {
	if e.op == "param" {
		return []any{e.param}
	}
	var ps []any
	for _, k := range e.kids {
		ps = append(ps, k.params()...)
	}
	return ps
}

// walk calls fn on e and every subexpression.
func (e *gexpr) walk(fn func(*gexpr)) {
	fn(e)
	for _, k := range e.kids {
		k.walk(fn)
	}
}

type generator struct{ r *rand.Rand }

func (g generator) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

// integer returns an integer's decimal text: an edge value, a small one,
// or one beyond 64 bits.
func (g generator) integer() string {
	switch g.r.IntN(10) {
	case 0:
		return strconv.Itoa(g.r.IntN(200) - 100)
	case 1:
		return g.pick(beyond)
	}
	return g.pick(edge)
}

var varNames = func() []string {
	names := make([]string, 0, len(userVars))
	for n := range userVars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}()

// hexLiterals are 0x literals: in numeric context BIGINT UNSIGNED, their
// last eight bytes. (X'..' literals are not generated: MariaDB reads them
// as strings in arithmetic, MySQL 8 as 0x literals.)
var hexLiterals = []string{"0x0", "0x1", "0xFF", "0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "0x8000000000000001",
	"0xFFFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFE", "0x010000000000000000", "0xABC"}

func (g generator) leaf() *gexpr {
	switch g.r.IntN(14) {
	case 12:
		if g.r.IntN(4) == 0 {
			return &gexpr{op: "lit", text: "NULL"}
		}
		return &gexpr{op: "lit", text: g.pick(hexLiterals)}
	case 0, 1, 2:
		return &gexpr{op: "lit", text: g.integer()}
	case 3:
		return &gexpr{op: "lit", text: "'" + g.pick(edge) + "'"}
	case 4, 5, 6, 13:
		return &gexpr{op: "col", text: g.pick([]string{"u", "u", "s", "s", "i", "ui", "v"})}
	case 7, 8, 9:
		return &gexpr{op: "param", text: "?", param: g.paramValue()}
	}
	return &gexpr{op: "var", text: g.pick(varNames)}
}

// paramValue is what a Go client binds: an int64, a uint64 for values of
// 2^63 and above, or a string of digits.
func (g generator) paramValue() any {
	s := g.pick(edge)
	if g.r.IntN(5) == 0 {
		return s
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i
	}
	u, _ := strconv.ParseUint(s, 10, 64)
	return u
}

var (
	binaryOps  = []string{"+", "-", "*", "DIV", "%", "|", "&", "^", "<<", ">>"}
	compareOps = []string{"=", "<", "<=", ">", ">=", "<>", "<=>"}
	convBases  = []string{"10", "16", "2", "36", "-10", "-16", "8"}
)

func (g generator) expr(depth int) *gexpr {
	if depth == 0 || g.r.IntN(4) == 0 {
		return g.leaf()
	}
	switch n := g.r.IntN(20); {
	case n < 12:
		op := g.pick(binaryOps)
		r := g.expr(depth - 1)
		if (op == "<<" || op == ">>") && g.r.IntN(2) == 0 {
			r = &gexpr{op: "lit", text: strconv.Itoa(g.r.IntN(70))}
		}
		return &gexpr{op: op, kids: []*gexpr{g.expr(depth - 1), r}}
	case n < 13:
		switch g.r.IntN(4) {
		case 0:
			kids := []*gexpr{g.numeric(depth - 1)}
			for range 1 + g.r.IntN(4) {
				kids = append(kids, g.numeric(depth-1))
			}
			return &gexpr{op: g.pick([]string{"in", "in", "not in"}), kids: kids}
		case 1:
			return &gexpr{op: g.pick([]string{"between", "between", "not between"}),
				kids: []*gexpr{g.numeric(depth - 1), g.numeric(depth - 1), g.numeric(depth - 1)}}
		}
		return &gexpr{op: g.pick(compareOps), kids: []*gexpr{g.numeric(depth - 1), g.numeric(depth - 1)}}
	case n < 15:
		return &gexpr{op: g.pick([]string{"neg", "~"}), kids: []*gexpr{g.expr(depth - 1)}}
	case n < 18:
		if g.r.IntN(8) == 0 {
			return &gexpr{op: "mod", kids: []*gexpr{g.expr(depth - 1), g.expr(depth - 1)}}
		}
		return &gexpr{op: g.pick([]string{"signed", "unsigned", "bit_count"}), kids: []*gexpr{g.expr(depth - 1)}}
	}
	return &gexpr{op: "conv", kids: []*gexpr{g.expr(depth - 1),
		{op: "lit", text: g.pick(convBases)}, {op: "lit", text: g.pick(convBases)}}}
}

// numeric is an expression whose value is not a string, for the sides of
// a comparison: MySQL 8 compares a number with a string as DOUBLE,
// MariaDB 10.3 and later as DECIMAL, so such comparisons are not
// generated.
func (g generator) numeric(depth int) *gexpr {
	for {
		e := g.expr(depth)
		if !(e.op == "lit" && strings.HasPrefix(e.text, "'")) && !(e.op == "col" && e.text == "v") &&
			!(e.op == "param" && isString(e.param)) && e.op != "conv" {
			return e
		}
	}
}

func isString(v any) bool { _, ok := v.(string); return ok }

// testCase is one generated statement.
type testCase struct {
	expr  *gexpr
	where string // the rows it reads: "id = 3", "id IN (1, 5)"
	from  string // the table it reads; "" for t
}

func (c testCase) query() string { return c.selectOf(c.expr) }

// selectOf is the statement that reads e from c's rows.
func (c testCase) selectOf(e *gexpr) string {
	from := c.from
	if from == "" {
		from = "t"
	}
	return "SELECT " + e.sql() + " FROM " + from + " WHERE " + c.where
}

// sqlText is c's statement with its parameters written in, to reproduce
// a disagreement by hand.
func (c testCase) sqlText() string {
	q := c.query()
	for _, p := range c.expr.params() {
		s := fmt.Sprint(p)
		if v, ok := p.(string); ok {
			s = "'" + v + "'"
		}
		q = strings.Replace(q, "?", s, 1)
	}
	return q
}

func TestDifferentialIntegers(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	setUp := []string{
		"CREATE TABLE t (id INT PRIMARY KEY, u BIGINT UNSIGNED, s BIGINT, i INT, ui INT UNSIGNED, v VARCHAR(30))",
	}
	for _, r := range table {
		setUp = append(setUp, "INSERT INTO t VALUES ("+strings.Join(r, ", ")+")")
	}
	for _, n := range varNames {
		setUp = append(setUp, "SET "+n+" = "+userVars[n])
	}
	for _, q := range []string{"CREATE DATABASE d", "USE d"} {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatal(err)
		}
		sim.run(t, q)
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}

	g := generator{rand.New(rand.NewPCG(*diffSeed, 1))}
	d := newDiffTally(40)
	for n := 0; n < count(*diffCases); n++ {
		d.compare(t, maria, sim, n, testCase{expr: g.expr(1 + g.r.IntN(4)), where: "id = " + table[g.r.IntN(len(table))][0]})
	}
	agreed, failed, excluded := d.agreed, d.failed, d.excluded
	t.Logf("%d expressions (seed %d): %d agree, %d disagree, %d excluded", count(*diffCases), *diffSeed, agreed, failed, total(excluded))
	for _, r := range exclusionReasons {
		if excluded[r.name] > 0 {
			t.Logf("  excluded %5d  %s: %s", excluded[r.name], r.name, r.why)
		}
	}
	if failed > 40 {
		t.Errorf("... and %d more disagreements", failed-40)
	}
}

// count is n, or a tenth of it under -short (scripts/race.sh).
func count(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// diffTally counts the cases of a differential test: those that agree,
// those excluded (by reason), and those that disagree, the first limit of
// which it reports as test errors.
type diffTally struct {
	limit          int
	agreed, failed int
	known          int // cases of knownFaults
	excluded       map[string]int
}

func newDiffTally(limit int) *diffTally {
	return &diffTally{limit: limit, excluded: map[string]int{}}
}

// compare runs case n, c, on MariaDB and on simsql and counts it.
func (d *diffTally) compare(t *testing.T, maria *sql.Conn, sim *engine, n int, c testCase) {
	t.Helper()
	params := c.expr.params()
	want := mariaAnswer(maria, c.query(), params...)
	got := sim.answer(c.query(), params...)
	if agree(want, got) {
		d.agreed++
		return
	}
	if reason := exclusion(maria, c); reason != "" {
		d.excluded[reason]++
		return
	}
	if fault, ok := knownFaults[c.sqlText()]; ok {
		d.known++
		t.Logf("case %d: known simsql fault (%s): %s\n\tMariaDB: %s\n\tsimsql:  %s", n, fault, c.sqlText(), want, got)
		return
	}
	d.failed++
	if d.failed <= d.limit {
		t.Errorf("case %d: %s\n\tMariaDB: %s\n\tsimsql:  %s", n, c.sqlText(), want, got)
	}
}

// agree reports whether simsql's answer got matches MariaDB's want: the
// same error number, or the same class and value (DOUBLEs compared as
// numbers, since MariaDB prints 1e19 where Go prints 1e+19).
func agree(want, got answer) bool {
	if want.err != 0 || got.err != 0 {
		return want.err == got.err
	}
	if want.class != got.class && !(want.null && got.null && (want.class == "null" || got.class == "null")) {
		return false
	}
	if want.null || got.null {
		return want.null == got.null
	}
	if want.class == "double" {
		w, err1 := strconv.ParseFloat(want.text, 64)
		g, err2 := strconv.ParseFloat(got.text, 64)
		return err1 == nil && err2 == nil && (w == g || math.Abs(w-g) <= 1e-15*math.Abs(w))
	}
	return want.text == got.text
}

// knownFaults are the cases, by their SQL text, that disagree with
// MariaDB and MySQL 8 alike through a fault of simsql's that is not fixed
// yet and that the README's Known limits (docs/clients.md, MySQL's
// answers) names: counted apart and logged, so that the test fails on
// any other disagreement. Delete an entry when its fault is fixed.
var knownFaults = map[string]string{
	// TestDifferentialNumericKinds, seed 20250611, case 2742: a DOUBLE
	// with fixed decimals (ROUND('0.5e1', 1) is 5.0 in MySQL 8,
	// Item_func_round's decimals; String::set_real) read as text loses
	// them (simsql writes 5), so LEAST(5.0, 6) + … is read differently
	// by CONV.
	"SELECT CONV((ROUND(('-3' ^ 0.5)) + LEAST(ROUND('0.5e1', 1), IFNULL(6, 18446744073709551615.0))), 10, 10) FROM w WHERE id = 2": "a DOUBLE's fixed decimals dropped",
}

// exclusionReasons are the known differences between MariaDB (10.11, the
// oracle here) and MySQL 8, whom simsql follows. Each is read from MySQL
// 8's and MariaDB's sources and checked, on a disagreement, against the
// case's own values.
var exclusionReasons = []struct{ name, why string }{
	{"neg-fold", "MariaDB's parser folds -(literal) into a literal and -(-x) into x (Item::neg); MySQL 8 keeps Item_func_neg, which is DECIMAL for a negative constant argument"},
	{"nonint-to-int", "a DECIMAL or DOUBLE read as an integer by | & ^ ~ << >> BIT_COUNT BIT_AND BIT_OR BIT_XOR when it is outside the signed BIGINT range, a DOUBLE halfway between integers, a DOUBLE above 2^53 whose shortest decimal is not its value, or a negative % of an unsigned dividend: MySQL 8 reads it with val_int (DOUBLE: rint, exact; both clamped to the signed range; Item::val_uint is (ulonglong)val_int()), MariaDB through a DECIMAL (DOUBLE: its shortest decimal, so 2^62 is 4611686018427388000), rounding half away from zero and clamping positive values to the unsigned range"},
	{"cast-unsigned", "CAST of a negative DECIMAL or DOUBLE, or of a DOUBLE of 2^63 or more, AS UNSIGNED: MySQL 8 converts it to the signed range and keeps the bits (Item_typecast_unsigned::val_int), MariaDB gives 0 or clamps to the unsigned range"},
	{"decimal-negative-zero", "a DECIMAL DIV or % whose quotient or remainder is a negative zero: MariaDB's do_div_mod leaves the zero negative, so % answers -0 and a DIV with an unsigned answer whose quotient is between -1 and 0 fails with error 1690; MySQL 8's do_div_mod makes a zero positive (0, no error)"},
	{"div-min", "an integer DIV whose quotient is -2^63 (-9223372036854775808 DIV 1): MySQL 8's Item_func_int_div::val_int checks the quotient's magnitude against 2^63-1 before negating it and fails with error 1690, MariaDB answers -9223372036854775808"},
	{"bit-null-shortcut", "| & ^ << >> with a NULL left argument and a right argument that fails: MySQL 8's Item_func_bit evaluates the left argument first and answers NULL without evaluating the right one, MariaDB evaluates both and fails"},
	{"string-column-to-int", "a VARCHAR column above 2^63-1 read as an integer by | & ^ << >> BIT_COUNT or BIT_AND, BIT_OR, BIT_XOR: MySQL 8's Field_varstring::val_int reads it with my_strntoll, clamped to 9223372036854775807 (a string literal, by my_strtoll10, keeps its unsigned bits); MariaDB's bit operators keep the unsigned value"},
	{"in-user-variable", "IN or BETWEEN with a user variable holding an unsigned value above 2^63-1: MariaDB reads it as signed in some positions and not in others (@u IN (-1, 0) is 1 though @u = -1 is 0; 18446744073709551615 IN (1e0, @u) is 1 though @u IN (18446744073709551615e0, 1) is 0); MySQL 8 was not at hand, simsql reads it as the comparison operators do"},
	{"between-constant-bound", "a BETWEEN compared as DECIMAL (a hexadecimal literal among its arguments) whose first argument is NULL and whose constant bound fails: MariaDB evaluates the constant bounds when it prepares the statement and fails, MySQL 8's Item_func_between::val_int answers NULL before it reads the bounds"},
	{"shift-count", "a shift count of 2^32 or more whose low 32 bits are below 64: MySQL 8 reads it as 64 bits (Item_func_shift::eval_int_op), MariaDB as a 32-bit uint, so 1 << 4294967296 is 0 in MySQL 8 and 1 in MariaDB"},
	{"string-to-int", "a string with a fraction or an exponent ('1.5', ' -2.5 ', '1e3') read as an integer by | & ^ ~ << >> BIT_COUNT: MySQL 8's Item_func_bit reads its arguments with val_uint, (ulonglong)val_int(), and a string's val_int is my_strtoll10, which stops at the '.' or 'e' (mysql-server sql/item.cc Item_string::val_int, longlong_from_string_with_check; '1.5' | 0 is 1 with warning 1292); MariaDB 10.11 reads a non-integer argument of a bit operator as a DECIMAL (sql/item_func.h Item_func_bit_operator::fix_length_and_dec_op2_std) and rounds it, '1.5' | 0 is 2"},
	{"min-max-string", "GREATEST or LEAST of a string and a number: MySQL 8's Item_func_min_max::resolve_type aggregates the arguments' types to a string (Item::aggregate_type) and str_op compares them as strings (sortcmp), the answer a string read as a number where one is needed (Item_func_numhybrid::val_int and val_real of its str_op); MariaDB compares them as DOUBLEs and answers a DOUBLE (GREATEST(s, '12abc') is 12), and compares strings as numbers where a number is read (-LEAST(' -2.5 ', '-3') is 3, MySQL 8 2.5)"},
	{"round-integer", "ROUND of an integer to a negative number of places: MySQL 8's Item_func_round::resolve_type keeps an integer argument of fewer than 22 digits an integer (\"Here we can keep INT_RESULT\", sql/item_func.cc), and Item_func_round::int_op fails with error 1690 when the rounded value overflows (my_unsigned_round, raise_integer_overflow): ROUND(18446744073709551615, -1); MariaDB 10.11 answers a DECIMAL, 18446744073709551620"},
	{"floor-double-text", "a DOUBLE from FLOOR or CEIL read as text (by CONV, or as an argument of a COALESCE, IF, … that is a string): MySQL 8's Item_func_int_val::resolve_type types it with set_data_type_double, decimals DECIMAL_NOT_SPECIFIED (sql/item.h), so its text is the shortest form, 1e19, which CONV reads as 1; MariaDB gives it 0 decimals and writes it in fixed point, 10000000000000000000"},
	{"min-max-shift-count", "a shift count that is GREATEST or LEAST of a signed and an unsigned integer (a DECIMAL): MySQL 8's Item_func_shift reads it with val_uint, Item_func_numhybrid::val_int of its decimal_op (my_decimal2int), 2 for LEAST(2, 9223372036854775808); MariaDB 10.11 shifts by 0 (16 >> LEAST(id, fp) is 16 for id 2), though it reads the same LEAST as 2 elsewhere"},
	{"cast-signed-digits", "FLOOR or CEIL of a DECIMAL built on CAST(x AS SIGNED): MySQL 8's Item_typecast_signed is an Item_int_func, whose constructor sets a BIGINT of 21 characters (set_data_type_longlong, sql/item_func.h) whatever x, so FLOOR(9 * CAST(NULL AS SIGNED) * ABS(2.5)) is a DECIMAL (Item_func_int_val::resolve_type); MariaDB 10.11 gives the CAST the length of x (CAST(NULL AS SIGNED) is int(2)) and the FLOOR a BIGINT"},
	{"null-argument-type", "IF, IFNULL, COALESCE, CASE, GREATEST or LEAST with an argument of type NULL (the NULL literal, GREATEST(NULL, NULL)): MySQL 8's Item::aggregate_type (sql/item.cc) skips the arguments of type NULL (\"Do not aggregate items with NULL type\"), so IFNULL(NULL, fp) is BIGINT UNSIGNED and LEAST(NULL, s) an INT; MariaDB 10.11 aggregates the NULL too and answers a DECIMAL or a DOUBLE"},
}

// exclusion returns the name of the known MariaDB/MySQL 8 difference that
// applies to c, or "".
func exclusion(maria *sql.Conn, c testCase) string {
	var reason string
	c.expr.walk(func(e *gexpr) {
		if reason != "" {
			return
		}
		switch e.op {
		case "neg":
			if k := e.kids[0]; k.op == "lit" || k.op == "neg" {
				reason = "neg-fold"
			}
		case "%", "mod":
			for _, a := range subAnswers(maria, c, e) {
				if a.err == 0 && a.class == "decimal" && strings.HasPrefix(a.text, "-0") && strings.Trim(a.text, "-0.") == "" {
					reason = "decimal-negative-zero"
				}
			}
		case "fn", "case":
			if roundInteger(maria, c, e) {
				reason = "round-integer"
				return
			}
			if castSignedDigits(maria, c, e) {
				reason = "cast-signed-digits"
				return
			}
			if stringTyped(e) {
				for _, k := range e.kids {
					if floorDoubleText(maria, c, k) {
						reason = "floor-double-text"
						return
					}
				}
			}
			reason = aggregateExclusion(maria, c, e)
		case "conv":
			if floorDoubleText(maria, c, e.kids[0]) {
				reason = "floor-double-text"
			}
		case "|", "&", "^", "<<", ">>", "~", "bit_count", "agg":
			if e.op == "agg" && !strings.HasPrefix(e.text, "BIT_") {
				return
			}
			if e.op != "agg" && stringToIntDiffers(maria, c, e) {
				reason = "string-to-int"
				return
			}
			if (e.op == "<<" || e.op == ">>") && minMaxShiftCount(maria, c, e) {
				reason = "min-max-shift-count"
				return
			}
			if len(e.kids) == 2 {
				if l := subAnswer(maria, c, e.kids[0]); l.err == 0 && l.null && subAnswer(maria, c, e.kids[1]).err != 0 {
					reason = "bit-null-shortcut"
					return
				}
			}
			for i, k := range e.kids {
				for _, a := range subAnswers(maria, c, k) {
					if k.op == "col" && k.text == "v" && a.err == 0 && !a.null && leadingInt(a.text) < 0 && !strings.HasPrefix(strings.TrimSpace(a.text), "-") {
						reason = "string-column-to-int"
						return
					}
					if nonIntegerDiffers(a) || (k.op == "%" || k.op == "mod") && nonIntegerNegative(a) {
						reason = "nonint-to-int"
						return
					}
					if (e.op == "<<" || e.op == ">>") && i == 1 && shiftCountDiffers(a) {
						reason = "shift-count"
						return
					}
				}
			}
		case "DIV":
			if divNegativeZero(maria, c, e) {
				reason = "decimal-negative-zero"
				return
			}
			for _, a := range subAnswers(maria, c, e) {
				if a.err == 0 && a.class == "integer" && a.text == "-9223372036854775808" {
					reason = "div-min"
				}
			}
		case "in", "not in", "between", "not between":
			for _, k := range e.kids {
				if k.op == "var" && (k.text == "@u" || k.text == "@h") {
					reason = "in-user-variable"
					return
				}
			}
			if strings.HasSuffix(e.op, "between") && hasHex(e) {
				if x := subAnswer(maria, c, e.kids[0]); x.err == 0 && x.null {
					for _, b := range e.kids[1:] {
						if constantExpr(b) && subAnswer(maria, c, b).err != 0 {
							reason = "between-constant-bound"
						}
					}
				}
			}
		case "unsigned":
			a := subAnswer(maria, c, e.kids[0])
			if a.err == 0 && !a.null && (a.class == "decimal" || a.class == "double") {
				f, err := strconv.ParseFloat(a.text, 64)
				if err == nil && (f <= -0.5 || a.class == "double" && f >= 9223372036854775807.5) {
					reason = "cast-unsigned"
				}
			}
		}
	})
	return reason
}

// subAnswer is MariaDB's answer for the subexpression e of c; for a
// hexadecimal literal, its value as a number.
func subAnswer(maria *sql.Conn, c testCase, e *gexpr) answer {
	if isHexLiteral(e) {
		b := new(big.Int)
		b.SetString(strings.TrimPrefix(e.text, "0x"), 16)
		b.And(b, new(big.Int).SetUint64(math.MaxUint64)) // the last eight bytes
		return answer{class: "integer", text: b.String()}
	}
	return mariaAnswer(maria, c.selectOf(e), e.params()...)
}

// subAnswers is MariaDB's answer for the subexpression e of c for each row
// c reads (one answer if e is an aggregate).
func subAnswers(maria *sql.Conn, c testCase, e *gexpr) []answer {
	if isHexLiteral(e) || hasAggregate(e) {
		return []answer{subAnswer(maria, c, e)}
	}
	return mariaAnswerRows(maria, c.selectOf(e), e.params()...)
}

func hasHex(e *gexpr) bool {
	found := false
	e.walk(func(x *gexpr) { found = found || isHexLiteral(x) })
	return found
}

// constantExpr reports whether e reads no column.
func constantExpr(e *gexpr) bool {
	c := true
	e.walk(func(x *gexpr) { c = c && x.op != "col" })
	return c
}

func hasAggregate(e *gexpr) bool {
	found := false
	e.walk(func(x *gexpr) { found = found || x.op == "agg" })
	return found
}

func isHexLiteral(e *gexpr) bool { return e.op == "lit" && strings.HasPrefix(e.text, "0x") }

// nonIntegerDiffers reports whether a is a DECIMAL or DOUBLE that MySQL 8
// and MariaDB read differently as a 64-bit integer.
func nonIntegerDiffers(a answer) bool {
	if a.err != 0 || a.null {
		return false
	}
	switch a.class {
	case "decimal":
		r, ok := new(big.Rat).SetString(a.text)
		if !ok {
			return false
		}
		// Rounded half away from zero, outside [-2^63, 2^63-1]?
		lo := new(big.Rat).SetFrac64(math.MinInt64, 1)
		lo.Sub(lo, big.NewRat(1, 2))
		hi := new(big.Rat).SetInt64(math.MaxInt64)
		hi.Add(hi, big.NewRat(1, 2))
		return r.Cmp(lo) <= 0 || r.Cmp(hi) >= 0
	case "double":
		f, err := strconv.ParseFloat(a.text, 64)
		if err != nil {
			return false
		}
		return f >= 9223372036854775807.5 || f < -9223372036854775808.5 || math.Abs(f-math.Trunc(f)) == 0.5 ||
			!shortestIsExact(f)
	}
	return false
}

// nonIntegerNegative reports whether a is a negative DECIMAL or DOUBLE.
// The % of an unsigned dividend is one with MySQL's unsigned flag, which
// MariaDB's val_int clamps to 0 and MySQL 8's (llrint) ignores.
func nonIntegerNegative(a answer) bool {
	if a.err != 0 || a.null || a.class != "decimal" && a.class != "double" {
		return false
	}
	f, err := strconv.ParseFloat(a.text, 64)
	return err == nil && f < 0
}

// divNegativeZero reports whether the DIV e divides on the DECIMAL path (an
// argument is not an integer) with a quotient strictly between -1 and 0,
// reading an unsigned user variable as signed, as MySQL and MariaDB do in
// DECIMAL context.
func divNegativeZero(maria *sql.Conn, c testCase, e *gexpr) bool {
	l, r := subAnswers(maria, c, e.kids[0]), subAnswers(maria, c, e.kids[1])
	for i := 0; i < len(l) && i < len(r); i++ {
		if quotientNegativeFraction(e, [2]answer{l[i], r[i]}) {
			return true
		}
	}
	return false
}

// quotientNegativeFraction reports whether the DIV e of the arguments'
// answers as divides on the DECIMAL path with a quotient strictly between
// -1 and 0.
func quotientNegativeFraction(e *gexpr, as [2]answer) bool {
	var q [2]*big.Rat
	nonInt := false
	for i, k := range e.kids {
		a := as[i]
		if a.err != 0 || a.null {
			return false
		}
		nonInt = nonInt || a.class != "integer" || isHexLiteral(k) // a hex literal divides as a string
		text := a.text
		if a.class == "string" { // read as a DECIMAL: its leading number, exactly
			p := strings.TrimSpace(a.text)
			n := 0
			for n < len(p) && (p[n] >= '0' && p[n] <= '9' || n == 0 && (p[n] == '-' || p[n] == '+')) {
				n++
			}
			text = strings.TrimPrefix(p[:n], "+")
			if text == "" || text == "-" {
				text = "0"
			}
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok {
			return false
		}
		if k.op == "var" && r.Cmp(new(big.Rat).SetUint64(math.MaxInt64)) > 0 {
			r.Sub(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 64)))
		}
		q[i] = r
	}
	if !nonInt || q[1].Sign() == 0 {
		return false
	}
	quo := new(big.Rat).Quo(q[0], q[1])
	return quo.Sign() < 0 && quo.Cmp(big.NewRat(-1, 1)) > 0
}

// shortestIsExact reports whether the shortest decimal that reads back as
// the integral double f (what MariaDB converts through, 4611686018427388000
// for 2^62) is f's exact value (what MySQL 8's rint gives).
func shortestIsExact(f float64) bool {
	if math.Abs(f) < 1<<53 || f != math.Trunc(f) {
		return true
	}
	exact, _ := new(big.Float).SetFloat64(f).Int(nil)
	short, ok := new(big.Int).SetString(strconv.FormatFloat(f, 'f', -1, 64), 10)
	return ok && exact.Cmp(short) == 0
}

// shiftCountDiffers reports whether a, as a shift count, is one MySQL 8
// and MariaDB read differently: 2^32 or more as 64 bits (MySQL 8) but
// below 64 in its low 32 bits (MariaDB).
func shiftCountDiffers(a answer) bool {
	if a.err != 0 || a.null {
		return false
	}
	var bits uint64
	switch a.class {
	case "integer":
		if u, err := strconv.ParseUint(a.text, 10, 64); err == nil {
			bits = u
		} else if i, err := strconv.ParseInt(a.text, 10, 64); err == nil {
			bits = uint64(i)
		}
	case "string":
		bits = uint64(leadingInt(a.text))
	default: // DECIMAL, DOUBLE: rounded, clamped to the signed range
		f, err := strconv.ParseFloat(a.text, 64)
		if err != nil {
			return false
		}
		switch f = math.Round(f); {
		case f >= 9223372036854775807:
			bits = math.MaxInt64
		case f <= -9223372036854775808:
			bits = 1 << 63
		default:
			bits = uint64(int64(f))
		}
	}
	return bits >= 1<<32 && uint32(bits) < 64
}

// leadingInt reads the leading integer of s as MySQL's my_strtoll10 does.
func leadingInt(s string) int64 {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	u, err := strconv.ParseUint(s[:n], 10, 64)
	if err != nil && n > 0 {
		u = math.MaxUint64
	}
	if neg {
		if u > 1<<63 {
			return math.MinInt64
		}
		return -int64(u)
	}
	return int64(u)
}

var aggCases = flag.Int("compat.aggcases", 3000, "aggregate queries TestDifferentialAggregates generates")

// TestDifferentialAggregates compares SUM, AVG, MIN, MAX, BIT_AND, BIT_OR,
// BIT_XOR and COUNT (with DISTINCT, and inside expressions) of integer
// columns and expressions over random sets of rows at the edges of BIGINT
// and BIGINT UNSIGNED, on simsql and on MariaDB.
func TestDifferentialAggregates(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	g := generator{rand.New(rand.NewPCG(*diffSeed, 2))}
	setUp := []string{"CREATE DATABASE d", "USE d",
		"CREATE TABLE t (id INT PRIMARY KEY, u BIGINT UNSIGNED, s BIGINT, i INT, ui INT UNSIGNED, v VARCHAR(30))"}
	const rows = 30
	for id := 1; id <= rows; id++ {
		u, _ := strconv.ParseUint(strings.TrimPrefix(g.pick(edge), "-"), 10, 64)
		s, _ := strconv.ParseInt(g.pick(edge), 10, 64)
		i := int32(g.r.Uint32())
		ui := g.r.Uint32()
		setUp = append(setUp, fmt.Sprintf("INSERT INTO t VALUES (%d, %d, %d, %d, %d, '%s')", id, u, s, i, ui, g.pick(edge)))
	}
	for _, n := range varNames {
		setUp = append(setUp, "SET "+n+" = "+userVars[n])
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	aggs := []string{"SUM", "AVG", "MIN", "MAX", "BIT_AND", "BIT_OR", "BIT_XOR", "COUNT", "SUM(DISTINCT", "AVG(DISTINCT"}
	lit := func(s string) *gexpr { return &gexpr{op: "lit", text: s} }
	d := newDiffTally(30)
	for n := 0; n < count(*aggCases); n++ {
		var e *gexpr
		for {
			arg := g.expr(1)
			if g.r.IntN(2) == 0 {
				arg = &gexpr{op: "col", text: g.pick([]string{"u", "u", "s", "s", "i", "ui", "v"})}
			}
			e = &gexpr{op: "agg", text: g.pick(aggs), kids: []*gexpr{arg}}
			// Not generated, as MariaDB's answers are not MySQL's and
			// MySQL 8 was not at hand to say what is: an aggregate of a
			// bare hexadecimal literal (MariaDB's SUM(0x8000000000000001)
			// is 99999999, its MIN(0x..) + 1 an integer); SUM or AVG
			// (DISTINCT x) of a non-integer x (MariaDB keeps the distinct
			// strings and DOUBLEs in a temporary column that loses digits:
			// AVG(DISTINCT v) of seven edge strings is 18.43); COUNT of an
			// expression (MySQL and MariaDB do not evaluate an argument
			// that cannot be NULL, go-mysql-server's COUNT does).
			distinct := strings.HasSuffix(e.text, "DISTINCT")
			if distinct || e.text == "COUNT" {
				arg = &gexpr{op: "col", text: g.pick([]string{"u", "s", "i", "ui"})}
				if distinct && g.r.IntN(2) == 0 {
					arg = &gexpr{op: g.pick([]string{"+", "|", "*", "DIV"}), kids: []*gexpr{arg, {op: "lit", text: g.pick(edge)}}}
				}
				e.kids[0] = arg
			}
			if !isHexLiteral(arg) {
				break
			}
		}
		switch g.r.IntN(9) {
		case 0:
			e = &gexpr{op: "+", kids: []*gexpr{e, lit("1")}}
		case 1:
			e = &gexpr{op: "DIV", kids: []*gexpr{e, lit("3")}}
		case 2:
			e = &gexpr{op: "neg", kids: []*gexpr{e}}
		case 3:
			e = &gexpr{op: ">", kids: []*gexpr{e, lit("18446744073709551615")}}
		case 4:
			e = &gexpr{op: "|", kids: []*gexpr{e, lit("0")}}
		case 5:
			e = &gexpr{op: "signed", kids: []*gexpr{e}}
		}
		ids := make([]string, 1+g.r.IntN(8))
		for j := range ids {
			ids[j] = strconv.Itoa(1 + g.r.IntN(rows+3)) // ids past the table: no rows
		}
		d.compare(t, maria, sim, n, testCase{expr: e, where: "id IN (" + strings.Join(ids, ", ") + ")"})
	}
	agreed, failed, excluded := d.agreed, d.failed, d.excluded
	t.Logf("%d aggregate queries (seed %d): %d agree, %d disagree, %d excluded", count(*aggCases), *diffSeed, agreed, failed, total(excluded))
	for _, r := range exclusionReasons {
		if excluded[r.name] > 0 {
			t.Logf("  excluded %5d  %s", excluded[r.name], r.name)
		}
	}
}

var binCases = flag.Int("compat.bincases", 3000, "binary string calls TestDifferentialBinaryStrings generates")

// TestDifferentialBinaryStrings compares the string functions on binary
// strings (bytes of 0x80 and above among them) on simsql and on MariaDB:
// X'…' literals and a VARBINARY column, with numbers at the edges of
// their ranges.
func TestDifferentialBinaryStrings(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	g := generator{rand.New(rand.NewPCG(*diffSeed, 3))}
	blob := func() string {
		b := make([]byte, g.r.IntN(10))
		for i := range b {
			b[i] = byte(g.r.IntN(256))
			if g.r.IntN(4) == 0 {
				b[i] = ",a "[g.r.IntN(3)]
			}
		}
		return fmt.Sprintf("X'%X'", b)
	}
	setUp := []string{"CREATE DATABASE d", "USE d", "CREATE TABLE b (id INT PRIMARY KEY, sig VARBINARY(64))"}
	for id := 1; id <= 5; id++ {
		setUp = append(setUp, fmt.Sprintf("INSERT INTO b VALUES (%d, %s)", id, blob()))
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	str := func() string {
		if g.r.IntN(3) == 0 {
			return "sig"
		}
		return blob()
	}
	num := func() string {
		return g.pick([]string{"-2", "-1", "0", "1", "2", "3", "5", "9", "100", "4294967296", "-4294967297", "9223372036854775808", "CAST(2 AS UNSIGNED)", "NULL"})
	}
	calls := []func() (string, bool){ // the call, and whether it answers a string
		func() (string, bool) { return fmt.Sprintf("SUBSTRING(%s, %s, %s)", str(), num(), num()), true },
		func() (string, bool) { return fmt.Sprintf("SUBSTRING(%s, %s)", str(), num()), true },
		func() (string, bool) { return fmt.Sprintf("SUBSTR(%s, %s, %s)", str(), num(), num()), true },
		func() (string, bool) { return fmt.Sprintf("MID(%s, %s, %s)", str(), num(), num()), true },
		func() (string, bool) { return fmt.Sprintf("SUBSTRING(sig FROM %s FOR %s)", num(), num()), true },
		func() (string, bool) { return fmt.Sprintf("LEFT(%s, %s)", str(), num()), true },
		func() (string, bool) { return fmt.Sprintf("RIGHT(%s, %s)", str(), num()), true },
		func() (string, bool) { return fmt.Sprintf("REVERSE(%s)", str()), true },
		func() (string, bool) { return fmt.Sprintf("LPAD(%s, %s, %s)", str(), num(), str()), true },
		func() (string, bool) { return fmt.Sprintf("RPAD(%s, %s, %s)", str(), num(), str()), true },
		func() (string, bool) {
			return fmt.Sprintf("REPEAT(%s, %s)", str(), g.pick([]string{"-1", "0", "1", "3", "NULL"})), true
		},
		func() (string, bool) { return fmt.Sprintf("REPLACE(%s, %s, %s)", str(), str(), str()), true },
		func() (string, bool) { return fmt.Sprintf("CONCAT(%s, %s)", str(), str()), true },
		func() (string, bool) { return fmt.Sprintf("CONCAT(%s, %s, %s)", str(), num(), str()), true },
		func() (string, bool) {
			return fmt.Sprintf("CONCAT_WS(%s, %s, %s, %s)", str(), str(), g.pick([]string{"NULL", str()}), str()), true
		},
		func() (string, bool) {
			return fmt.Sprintf("SUBSTRING_INDEX(%s, %s, %s)", str(), g.pick([]string{"X'2C'", "X'61'", "X''", str()}), num()), true
		},
		func() (string, bool) { return fmt.Sprintf("INSERT(%s, %s, %s, %s)", str(), num(), num(), str()), true },
		func() (string, bool) { return fmt.Sprintf("TRIM(%s)", str()), true },
		func() (string, bool) { return fmt.Sprintf("LTRIM(%s)", str()), true },
		func() (string, bool) { return fmt.Sprintf("RTRIM(%s)", str()), true },
		func() (string, bool) {
			return fmt.Sprintf("TRIM(%s %s FROM %s)", g.pick([]string{"BOTH", "LEADING", "TRAILING"}), g.pick([]string{"X'61'", "X'2C2C'", "X''"}), str()), true
		},
		func() (string, bool) { return fmt.Sprintf("UPPER(%s)", str()), true },
		func() (string, bool) { return fmt.Sprintf("LOWER(%s)", str()), true },
		func() (string, bool) { return fmt.Sprintf("LOCATE(%s, %s)", str(), str()), false },
		func() (string, bool) { return fmt.Sprintf("LOCATE(%s, %s, %s)", str(), str(), num()), false },
		func() (string, bool) { return fmt.Sprintf("INSTR(%s, %s)", str(), str()), false },
		func() (string, bool) { return fmt.Sprintf("POSITION(%s IN %s)", str(), str()), false },
		func() (string, bool) { return fmt.Sprintf("CHAR_LENGTH(%s)", str()), false },
		func() (string, bool) { return fmt.Sprintf("LENGTH(%s)", str()), false },
		func() (string, bool) { return fmt.Sprintf("ASCII(%s)", str()), false },
		func() (string, bool) { return fmt.Sprintf("ORD(%s)", str()), false },
	}
	var agreed, failed, excluded int
	for n := 0; n < count(*binCases); n++ {
		call, isStr := calls[g.r.IntN(len(calls))]()
		if isStr {
			call = "HEX(" + call + ")"
		}
		q := "SELECT " + call + " FROM b WHERE id = " + strconv.Itoa(1+g.r.IntN(5))
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.err == 0 && got.err == 0 && want.null == got.null && want.text == got.text || want.err != 0 && got.err != 0 {
			agreed++
			continue
		}
		// substring-index-count: a SUBSTRING_INDEX count outside the
		// 32-bit range, which MariaDB truncates to 32 bits ((int32)
		// val_int(), as MySQL 5.7 did) and MySQL 8 reads as 64 bits.
		if strings.Contains(call, "SUBSTRING_INDEX(") && (strings.HasSuffix(call, ", 4294967296))") ||
			strings.HasSuffix(call, ", -4294967297))") || strings.HasSuffix(call, ", 9223372036854775808))")) {
			excluded++
			continue
		}
		failed++
		if failed <= 30 {
			t.Errorf("case %d: %s\n\tMariaDB: %s\n\tsimsql:  %s", n, q, want, got)
		}
	}
	t.Logf("%d binary string calls (seed %d): %d agree, %d disagree, %d excluded (substring-index-count: a count outside 32 bits, which MariaDB truncates and MySQL 8 reads whole)",
		count(*binCases), *diffSeed, agreed, failed, excluded)
}
