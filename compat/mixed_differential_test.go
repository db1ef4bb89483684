package compat_test

import (
	"database/sql"
	"flag"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// The differential mixed-type test: TestDifferentialIntegers' operators
// over operands of every numeric kind, DECIMAL and DOUBLE literals,
// numeric strings (' 7', '1e3', '12abc'), NULL and the functions that
// aggregate their arguments' types (IF, CASE, COALESCE, IFNULL, LEAST,
// GREATEST), with CAST, CONV, BIT_COUNT, ABS, SIGN, ROUND, FLOOR and
// CEIL, over a table w of a BIGINT UNSIGNED fingerprint and an INT. The
// two servers must agree as in TestDifferentialIntegers, with the same
// exclusions (exclusionReasons), each a MySQL 8 behaviour read from its
// source.

var mixedCases = flag.Int("compat.mixedcases", 12000, "expressions TestDifferentialNumericKinds generates")

// mixedTable is the rows of w (id, fp BIGINT UNSIGNED, s INT), NULLs
// among them for COALESCE and IFNULL.
var mixedTable = [][]string{
	{"1", "18446744073709551615", "-2147483648"},
	{"2", "9223372036854775808", "-1"},
	{"3", "0", "0"},
	{"4", "1", "7"},
	{"5", "12345678901234567890", "2147483647"},
	{"6", "NULL", "3"},
	{"7", "255", "NULL"},
}

var (
	// decimalLiterals are DECIMAL literals: halves (which MySQL rounds
	// away from zero when it reads them as integers), a negative zero
	// and values at the ends of BIGINT.
	decimalLiterals = []string{"1.5", "-0.5", "2.5", "0.5", "-1.5", "0.49", "123.456", "-0.0", "-2.50",
		"9223372036854775807.4", "18446744073709551615.0", "1.000"}
	// doubleLiterals are DOUBLE literals: halves (which MySQL's rint
	// rounds to even), fractions and large values.
	doubleLiterals = []string{"2.5e0", "-0.5e0", "1e0", "1.5e0", "-3e0", "0.1e0", "3.49e0", "-2.5e0", "1e19", "4e9"}
	// numericStrings are strings read as numbers: with a fraction, an
	// exponent, leading space, trailing garbage, none at all.
	numericStrings = []string{"'1.5'", "'-3'", "' 7'", "'1e3'", "'12abc'", "'abc'", "''", "'-0.5'", "'2.5'",
		"'18446744073709551615'", "'-1'", "'0.5e1'", "' -2.5 '"}
	mixedColumns = []string{"fp", "fp", "s", "s", "id"}
	// conditions are the first arguments of IF and CASE WHEN.
	conditions = []string{"1", "0", "NULL", "s", "fp", "s > 0", "id % 2", "fp IS NULL", "s < fp"}
	roundFns   = []string{"ABS", "SIGN", "ROUND", "FLOOR", "CEIL"}
)

// mixed generates TestDifferentialNumericKinds's expressions.
type mixed struct{ generator }

func (g mixed) leaf() *gexpr {
	lit := func(s string) *gexpr { return &gexpr{op: "lit", text: s} }
	switch g.r.IntN(12) {
	case 0, 1:
		return lit(g.integer())
	case 2:
		return lit(strconv.Itoa(g.r.IntN(10)))
	case 3, 4:
		return lit(g.pick(decimalLiterals))
	case 5:
		return lit(g.pick(doubleLiterals))
	case 6, 7:
		return lit(g.pick(numericStrings))
	case 8:
		return lit("NULL")
	}
	return &gexpr{op: "col", text: g.pick(mixedColumns)}
}

// condition is an IF or CASE condition.
func (g mixed) condition(depth int) *gexpr {
	if depth > 0 && g.r.IntN(3) == 0 {
		return g.comparison(depth)
	}
	return &gexpr{op: "lit", text: g.pick(conditions)}
}

// wrapper is IF, CASE, COALESCE, IFNULL, LEAST or GREATEST of mixed
// operands.
func (g mixed) wrapper(depth int) *gexpr {
	x := func() *gexpr { return g.expr(depth - 1) }
	switch g.r.IntN(6) {
	case 0:
		return &gexpr{op: "fn", text: "IF", kids: []*gexpr{g.condition(depth - 1), x(), x()}}
	case 1:
		return &gexpr{op: "case", kids: []*gexpr{g.condition(depth - 1), x(), x()}}
	case 2:
		kids := []*gexpr{x(), x()}
		if g.r.IntN(3) == 0 {
			kids = append(kids, x())
		}
		return &gexpr{op: "fn", text: "COALESCE", kids: kids}
	case 3:
		return &gexpr{op: "fn", text: "IFNULL", kids: []*gexpr{x(), x()}}
	}
	return &gexpr{op: "fn", text: g.pick([]string{"LEAST", "GREATEST"}), kids: []*gexpr{x(), x()}}
}

// comparison compares two expressions, both strings or both not:
// MySQL 8 compares a number with a string as DOUBLE, MariaDB 10.3 and
// later as DECIMAL (see generator.numeric).
func (g mixed) comparison(depth int) *gexpr {
	l := g.expr(depth - 1)
	for {
		r := g.expr(depth - 1)
		if stringTyped(l) == stringTyped(r) {
			return &gexpr{op: g.pick(compareOps), kids: []*gexpr{l, r}}
		}
	}
}

func (g mixed) expr(depth int) *gexpr {
	if depth == 0 || g.r.IntN(5) == 0 {
		return g.leaf()
	}
	x := func() *gexpr { return g.expr(depth - 1) }
	switch n := g.r.IntN(24); {
	case n < 9:
		op := g.pick(binaryOps)
		r := x()
		if (op == "<<" || op == ">>") && g.r.IntN(2) == 0 {
			r = &gexpr{op: "lit", text: strconv.Itoa(g.r.IntN(70))}
		}
		return &gexpr{op: op, kids: []*gexpr{x(), r}}
	case n < 14:
		return g.wrapper(depth)
	case n < 15:
		return g.comparison(depth)
	case n < 17:
		return &gexpr{op: g.pick([]string{"neg", "~", "bit_count"}), kids: []*gexpr{x()}}
	case n < 19:
		switch g.r.IntN(4) {
		case 0:
			return &gexpr{op: "cast", text: g.pick([]string{"DECIMAL", "DECIMAL(25,2)", "DECIMAL(30,5)"}), kids: []*gexpr{x()}}
		case 1:
			return &gexpr{op: "signed", kids: []*gexpr{x()}}
		}
		return &gexpr{op: "unsigned", kids: []*gexpr{x()}}
	case n < 22:
		f := g.pick(roundFns)
		kids := []*gexpr{x()}
		if f == "ROUND" && g.r.IntN(3) == 0 {
			kids = append(kids, &gexpr{op: "lit", text: g.pick([]string{"0", "1", "-1", "2"})})
		}
		return &gexpr{op: "fn", text: f, kids: kids}
	}
	return &gexpr{op: "conv", kids: []*gexpr{x(), {op: "lit", text: g.pick(convBases)}, {op: "lit", text: g.pick(convBases)}}}
}

// stringTyped reports whether MySQL types e a string: a string literal,
// CONV, or a function that aggregates its arguments' types with a string
// among them.
func stringTyped(e *gexpr) bool {
	switch e.op {
	case "lit":
		return strings.HasPrefix(e.text, "'")
	case "conv":
		return true
	case "case":
		return stringTyped(e.kids[1]) || stringTyped(e.kids[2])
	case "fn":
		switch e.text {
		case "IF":
			return stringTyped(e.kids[1]) || stringTyped(e.kids[2])
		case "COALESCE", "IFNULL", "LEAST", "GREATEST":
			for _, k := range e.kids {
				if stringTyped(k) {
					return true
				}
			}
		}
	}
	return false
}

// TestDifferentialNumericKinds compares -compat.mixedcases mixed-type
// expressions (a tenth under -short) on simsql and MariaDB; it fails on
// any disagreement that no exclusion reason explains.
func TestDifferentialNumericKinds(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	setUp := []string{"CREATE DATABASE d", "USE d", "CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s INT)"}
	for _, r := range mixedTable {
		setUp = append(setUp, "INSERT INTO w VALUES ("+strings.Join(r, ", ")+")")
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	g := mixed{generator{rand.New(rand.NewPCG(*diffSeed, 4))}}
	const limit = 40
	d := newDiffTally(limit)
	for n := 0; n < count(*mixedCases); n++ {
		d.compare(t, maria, sim, n, testCase{expr: g.expr(1 + g.r.IntN(4)), from: "w", where: "id = " + mixedTable[g.r.IntN(len(mixedTable))][0]})
	}
	t.Logf("%d mixed expressions (seed %d): %d agree, %d disagree, %d excluded, %d known simsql faults", count(*mixedCases), *diffSeed, d.agreed, d.failed, total(d.excluded), d.known)
	for _, r := range exclusionReasons {
		if d.excluded[r.name] > 0 {
			t.Logf("  excluded %5d  %s", d.excluded[r.name], r.name)
		}
	}
	if d.failed > limit {
		t.Errorf("... and %d more disagreements", d.failed-limit)
	}
}

// stringToIntDiffers reports whether an argument of the bit operator e is
// a string, on some row c reads, that MySQL 8 (my_strtoll10: its leading
// integer) and MariaDB (a DECIMAL: its leading number with fraction and
// exponent, rounded half away from zero) read as different integers.
func stringToIntDiffers(maria *sql.Conn, c testCase, e *gexpr) bool {
	for _, k := range e.kids {
		for _, a := range subAnswers(maria, c, k) {
			if a.err == 0 && !a.null && a.class == "string" && stringIntsDiffer(a.text) {
				return true
			}
		}
	}
	return false
}

// stringIntsDiffer reports whether the leading integer of s differs from
// its leading number (fraction and exponent included) rounded half away
// from zero.
func stringIntsDiffer(s string) bool {
	p := strings.TrimLeft(s, " \t\n\r")
	n := 0
	if n < len(p) && (p[n] == '-' || p[n] == '+') {
		n++
	}
	for n < len(p) && p[n] >= '0' && p[n] <= '9' {
		n++
	}
	whole, ok := new(big.Rat).SetString(p[:n])
	if !ok {
		whole = new(big.Rat)
	}
	m := n
	if m < len(p) && p[m] == '.' {
		m++
		for m < len(p) && p[m] >= '0' && p[m] <= '9' {
			m++
		}
	}
	if m < len(p) && (p[m] == 'e' || p[m] == 'E') {
		j := m + 1
		if j < len(p) && (p[j] == '-' || p[j] == '+') {
			j++
		}
		k := j
		for k < len(p) && p[k] >= '0' && p[k] <= '9' {
			k++
		}
		if k > j {
			m = k
		}
	}
	full, ok := new(big.Rat).SetString(strings.TrimSuffix(p[:m], "."))
	if !ok {
		return false
	}
	// Round half away from zero.
	half := big.NewRat(1, 2)
	if full.Sign() < 0 {
		half.Neg(half)
	}
	r := new(big.Rat).Add(full, half)
	q := new(big.Int).Quo(r.Num(), r.Denom()) // truncates toward zero
	return new(big.Rat).SetInt(q).Cmp(whole) != 0
}

// aggregateExclusion returns the reason the function e of c (IF, IFNULL,
// COALESCE, CASE, GREATEST, LEAST) is known to differ between MySQL 8 and
// MariaDB, or "": min-max-string for GREATEST or LEAST of a string and a
// number that MariaDB answers as a number, null-argument-type when
// MariaDB's type of e differs from its type of e without its arguments of
// type NULL (the NULL literal, GREATEST(NULL, NULL)).
func aggregateExclusion(maria *sql.Conn, c testCase, e *gexpr) string {
	vals := e.kids
	switch {
	case e.op == "case" || e.text == "IF":
		vals = e.kids[1:]
	case e.text != "IFNULL" && e.text != "COALESCE" && e.text != "LEAST" && e.text != "GREATEST":
		return ""
	}
	if e.text == "LEAST" || e.text == "GREATEST" {
		str, num := false, false
		for _, k := range vals {
			switch {
			case stringTyped(k):
				str = true
			case !(k.op == "lit" && k.text == "NULL"):
				num = true
			}
		}
		if str && num {
			if a := subAnswer(maria, c, e); a.err == 0 && a.class != "string" {
				return "min-max-string"
			}
		}
		if str && !num {
			// Read as a number, MariaDB compares the strings as numbers.
			plus := func(x *gexpr) *gexpr { return &gexpr{op: "+", kids: []*gexpr{x, {op: "lit", text: "0e0"}}} }
			asNum := subAnswer(maria, c, plus(e))
			asText := subAnswer(maria, c, plus(&gexpr{op: "fn", text: "CONCAT", kids: []*gexpr{e}}))
			if !agree(asNum, asText) {
				return "min-max-string"
			}
		}
	}
	var rest []*gexpr
	for _, k := range vals {
		if !nullTyped(k) && subAnswer(maria, c, k).class != "null" {
			rest = append(rest, k)
		}
	}
	if len(rest) == len(vals) || len(rest) == 0 {
		return ""
	}
	without := rest[0]
	if len(rest) > 1 {
		without = &gexpr{op: "fn", text: "COALESCE", kids: rest}
		if e.text == "LEAST" || e.text == "GREATEST" {
			without = &gexpr{op: "fn", text: e.text, kids: rest}
		}
	}
	a, b := subAnswer(maria, c, e), subAnswer(maria, c, without)
	if a.err == 0 && b.err == 0 && a.class != b.class {
		return "null-argument-type"
	}
	return ""
}

// floorDoubleText reports whether x, the number CONV reads as text,
// contains FLOOR or CEIL and is a DOUBLE that MariaDB writes in fixed
// point (its decimals 0) where it writes the same value of unspecified
// decimals (x + 0e0) otherwise.
func floorDoubleText(maria *sql.Conn, c testCase, x *gexpr) bool {
	found := false
	x.walk(func(e *gexpr) { found = found || e.op == "fn" && (e.text == "FLOOR" || e.text == "CEIL") })
	if !found {
		return false
	}
	text := func(e *gexpr) *gexpr { return &gexpr{op: "fn", text: "CONCAT", kids: []*gexpr{e}} }
	a := subAnswer(maria, c, x)
	if a.err != 0 || a.null || a.class != "double" {
		return false
	}
	own := subAnswer(maria, c, text(x))
	shortest := subAnswer(maria, c, text(&gexpr{op: "+", kids: []*gexpr{x, {op: "lit", text: "0e0"}}}))
	return own.err == 0 && shortest.err == 0 && own.text != shortest.text
}

// minMaxShiftCount reports whether the shift e's count is GREATEST or
// LEAST that MariaDB reads otherwise as a shift count than as a number:
// e differs from e with the count + 0.
func minMaxShiftCount(maria *sql.Conn, c testCase, e *gexpr) bool {
	k := e.kids[1]
	if k.op != "fn" || k.text != "LEAST" && k.text != "GREATEST" {
		return false
	}
	plus := &gexpr{op: e.op, kids: []*gexpr{e.kids[0], {op: "+", kids: []*gexpr{k, {op: "lit", text: "0"}}}}}
	return !agree(subAnswer(maria, c, e), subAnswer(maria, c, plus))
}

// roundInteger reports whether e is ROUND of an integer to a negative
// constant number of places that MariaDB answers as a DECIMAL.
func roundInteger(maria *sql.Conn, c testCase, e *gexpr) bool {
	if e.op != "fn" || e.text != "ROUND" || len(e.kids) != 2 || !strings.HasPrefix(e.kids[1].text, "-") {
		return false
	}
	for _, a := range subAnswers(maria, c, e.kids[0]) {
		if a.err == 0 && a.class == "integer" {
			return true
		}
	}
	return false
}

// nullTyped reports whether MySQL types e NULL: the NULL literal, or IF,
// IFNULL, COALESCE, CASE, GREATEST or LEAST of values all typed NULL
// (Item::aggregate_type: "All items have NULL type, consolidated type is
// NULL").
func nullTyped(e *gexpr) bool {
	vals := e.kids
	switch {
	case e.op == "lit":
		return e.text == "NULL"
	case e.op == "case" || e.op == "fn" && e.text == "IF":
		vals = e.kids[1:]
	case e.op != "fn" || e.text != "IFNULL" && e.text != "COALESCE" && e.text != "LEAST" && e.text != "GREATEST":
		return false
	}
	for _, k := range vals {
		if !nullTyped(k) {
			return false
		}
	}
	return true
}

// castSignedDigits reports whether e is FLOOR or CEIL of an argument with
// a CAST AS SIGNED whose type MariaDB answers otherwise when each such
// CAST has a BIGINT's length, as in MySQL 8 (IF(0, -9223372036854775807,
// CAST(x AS SIGNED))).
func castSignedDigits(maria *sql.Conn, c testCase, e *gexpr) bool {
	if e.op != "fn" || e.text != "FLOOR" && e.text != "CEIL" {
		return false
	}
	var widen func(x *gexpr) (*gexpr, bool)
	widen = func(x *gexpr) (*gexpr, bool) {
		y := *x
		y.kids = make([]*gexpr, len(x.kids))
		found := false
		for i, k := range x.kids {
			var f bool
			y.kids[i], f = widen(k)
			found = found || f
		}
		if x.op == "signed" {
			return &gexpr{op: "fn", text: "IF", kids: []*gexpr{{op: "lit", text: "0"}, {op: "lit", text: "-9223372036854775807"}, &y}}, true
		}
		return &y, found
	}
	wide, found := widen(e)
	if !found {
		return false
	}
	a, b := subAnswer(maria, c, e), subAnswer(maria, c, wide)
	return a.err == 0 && b.err == 0 && a.class != b.class
}
