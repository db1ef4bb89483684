package sqltests

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/internal/simsqltest"
)

// TestRangeBoundsMatchScan is a property test of index lookups whose
// bounds a column's type may not hold (issue 11, "right answers from index
// lookups"; compat/compare_range_bound.go). On random tables of every
// integer type, signed and unsigned, and of DECIMAL(M,D), with the column
// a indexed alone, behind or before another column of a composite index,
// as the primary key or the second column of a composite primary key,
// random predicates on a (comparisons either way round, BETWEEN, NOT
// BETWEEN, IN, NOT IN, AND and OR of two of them, under an equality on
// the composite index's first column) with bounds inside the type's range,
// at its edges, just and far outside it, between two of its values
// (fractional, with more decimals than the scale), as strings and as
// DOUBLEs must return exactly the rows that a model of MySQL's comparison
// (exact, three-valued) gives and that the same query with its predicate
// written (pred) + 0, answered by a scan, gives. Every single comparison,
// IN or BETWEEN of a must read an index (EXPLAIN PLAN), as MySQL would,
// except <=> with a value the column cannot hold. SIMSQL_RANGE_SEED=n
// replays another seed; a failure prints the seed, the table and the
// query.
func TestRangeBoundsMatchScan(t *testing.T) {
	seed := uint64(20261203)
	if s := os.Getenv("SIMSQL_RANGE_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SIMSQL_RANGE_SEED=%q: %v", s, err)
		}
		seed = n
	}
	const tables, queriesPerTable = 40, 60
	c := newEngineConn(t)
	var queries, indexed, failures int
	for ti := range tables {
		r := rand.New(rand.NewPCG(seed, uint64(ti)))
		tb := newBoundTable(r, fmt.Sprintf("b%d", ti), boundTypes[ti%len(boundTypes)])
		for _, q := range tb.setUp {
			if _, err := c.query(q); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, q, err)
			}
		}
		for range queriesPerTable {
			queries++
			p := tb.predicate(r)
			q := fmt.Sprintf("SELECT id FROM %s WHERE %s", tb.name, p.sql)
			ref := fmt.Sprintf("SELECT id FROM %s WHERE (%s) + 0", tb.name, p.sql)
			fail := func(format string, args ...any) {
				t.Helper()
				failures++
				t.Errorf("seed %d, table %s (%s):\n%s\n%s\n%s", seed, tb.name, tb.typ.sql, strings.Join(tb.setUp, ";\n"), q, fmt.Sprintf(format, args...))
				if failures >= 5 {
					t.FailNow()
				}
			}
			got, err := c.query(q)
			if err != nil {
				fail("error %v", err)
				continue
			}
			scan, err := c.query(ref)
			if err != nil {
				fail("%s: error %v", ref, err)
				continue
			}
			checkIndexes(t, c, ref, []string{})
			reads, plan, err := planIndexes(c, q)
			if err != nil {
				t.Fatalf("EXPLAIN PLAN %s: %v", q, err)
			}
			if len(reads) > 0 {
				indexed++
			} else if p.indexable {
				fail("reads no index:\n%s", plan)
			}
			g, s := simsqltest.Strings(got, ","), simsqltest.Strings(scan, ",")
			slices.Sort(g)
			slices.Sort(s)
			want := tb.model(p)
			switch {
			case !slices.Equal(g, want):
				fail("got  %v\nwant %v (MySQL's comparison)\n%s", g, want, plan)
			case !slices.Equal(s, want):
				fail("scan %v\nwant %v (MySQL's comparison)", s, want)
			}
		}
	}
	t.Logf("seed %d: %d queries, %d read an index", seed, queries, indexed)
	if indexed < queries/2 {
		t.Errorf("only %d of %d queries read an index: the generator checks too little", indexed, queries)
	}
}

// boundType is a column type of TestRangeBoundsMatchScan: its SQL, its
// least and greatest values and its scale (0 for an integer type).
type boundType struct {
	sql    string
	lo, hi decimal.Decimal
	scale  int32
}

// integer reports whether the type is an integer type; narrow whether its
// values are all exact DOUBLEs (MySQL compares a DOUBLE constant with it
// as DOUBLE, exactly).
func (bt boundType) integer() bool {
	return bt.scale == 0 && !strings.HasPrefix(bt.sql, "DECIMAL") && !bt.year()
}
func (bt boundType) narrow() bool { return bt.integer() && !strings.HasPrefix(bt.sql, "BIGINT") }

// year reports whether the type is YEAR: 0 and 1901 to 2155; a constant
// from 1 to 99 is a year of the 20th or 21st century, not generated.
func (bt boundType) year() bool { return bt.sql == "YEAR" }

var boundTypes = func() []boundType {
	pow2 := func(n uint) decimal.Decimal { return decimal.NewFromBigInt(new(big.Int).Lsh(big.NewInt(1), n), 0) }
	one := decimal.NewFromInt(1)
	var out []boundType
	for _, it := range []struct {
		name string
		bits uint
	}{{"TINYINT", 8}, {"SMALLINT", 16}, {"MEDIUMINT", 24}, {"INT", 32}, {"BIGINT", 64}} {
		out = append(out,
			boundType{sql: it.name, lo: pow2(it.bits - 1).Neg(), hi: pow2(it.bits - 1).Sub(one)},
			boundType{sql: it.name + " UNSIGNED", lo: decimal.Zero, hi: pow2(it.bits).Sub(one)})
	}
	for _, md := range [][2]int32{{5, 2}, {3, 0}, {1, 1}, {10, 4}, {20, 0}, {30, 10}} {
		hi := decimal.New(1, md[0]-md[1]).Sub(decimal.New(1, -md[1]))
		out = append(out, boundType{sql: fmt.Sprintf("DECIMAL(%d,%d)", md[0], md[1]), lo: hi.Neg(), hi: hi, scale: md[1]})
	}
	out = append(out, boundType{sql: "YEAR", lo: decimal.Zero, hi: decimal.NewFromInt(2155)})
	return out
}()

// boundTable is a table of TestRangeBoundsMatchScan: id INT, g INT (0 to
// 2) and a of the type, indexed by one of boundLayouts, and its rows.
type boundTable struct {
	name   string
	typ    boundType
	layout int
	setUp  []string
	rows   []boundRow
}

type boundRow struct {
	id, g int
	a     *decimal.Decimal // nil: NULL
}

// boundLayouts are the indexes of a boundTable; the first two let a be
// NULL.
var boundLayouts = []string{
	"PRIMARY KEY (id), KEY ia (a)",
	"PRIMARY KEY (id), KEY iga (g, a)",
	"PRIMARY KEY (id), KEY iag (a, g)",
	"PRIMARY KEY (a)",
	"PRIMARY KEY (g, a)",
}

func newBoundTable(r *rand.Rand, name string, bt boundType) *boundTable {
	tb := &boundTable{name: name, typ: bt, layout: r.IntN(len(boundLayouts))}
	if tb.layout == 2 {
		tb.layout = 1 + r.IntN(2) // a behind g, or before it
	}
	notNull := tb.layout >= 3
	null := ""
	if notNull {
		null = " NOT NULL"
	}
	tb.setUp = append(tb.setUp, fmt.Sprintf("CREATE TABLE %s (id INT NOT NULL, g INT NOT NULL, a %s%s, %s)", name, bt.sql, null, boundLayouts[tb.layout]))
	seen := map[string]bool{}
	var vals []string
	for id := range 15 + r.IntN(25) {
		row := boundRow{id: id, g: r.IntN(3)}
		if notNull || r.IntN(8) != 0 {
			v := tb.value(r)
			key := v.String()
			if tb.layout == 4 {
				key = fmt.Sprint(row.g, key)
			}
			if tb.layout >= 3 && seen[key] {
				continue // a primary key
			}
			seen[key] = true
			row.a = &v
		}
		tb.rows = append(tb.rows, row)
		a := "NULL"
		if row.a != nil {
			a = row.a.String()
		}
		vals = append(vals, fmt.Sprintf("(%d, %d, %s)", row.id, row.g, a))
	}
	tb.setUp = append(tb.setUp, fmt.Sprintf("INSERT INTO %s VALUES %s", name, strings.Join(vals, ", ")))
	return tb
}

// ulp is the step between two values of the type.
func (bt boundType) ulp() decimal.Decimal { return decimal.New(1, -bt.scale) }

// value returns a random value of the type, often one of its edges.
func (tb *boundTable) value(r *rand.Rand) decimal.Decimal {
	bt := tb.typ
	if bt.year() {
		if r.IntN(6) == 0 {
			return decimal.Zero
		}
		return decimal.NewFromInt(int64(1901 + []int{0, 1, 254, 253, r.IntN(255)}[r.IntN(5)]))
	}
	switch r.IntN(10) {
	case 0:
		return bt.lo
	case 1:
		return bt.hi
	case 2:
		return bt.lo.Add(bt.ulp())
	case 3:
		return bt.hi.Sub(bt.ulp())
	case 4, 5:
		v := decimal.New(int64(r.IntN(7)-3), 0).Mul(bt.ulp())
		if v.LessThan(bt.lo) {
			v = bt.lo
		}
		return v
	default: // anywhere in the range
		span := bt.hi.Sub(bt.lo).Shift(bt.scale).BigInt()
		n := new(big.Int).Mul(span, big.NewInt(int64(r.IntN(1<<30))))
		n.Div(n, big.NewInt(1<<30))
		return bt.lo.Add(decimal.NewFromBigInt(n, -bt.scale))
	}
}

// boundPred is a predicate on a: its SQL, its model (true, false or NULL
// for a row) and whether MySQL would read it through an index.
type boundPred struct {
	sql       string
	eval      func(boundRow) tri
	indexable bool
}

// tri is a three-valued truth: false, true or NULL.
type tri int8

const (
	triFalse tri = iota
	triTrue
	triNull
)

func triOf(b bool) tri {
	if b {
		return triTrue
	}
	return triFalse
}

func (x tri) and(y tri) tri {
	switch {
	case x == triFalse || y == triFalse:
		return triFalse
	case x == triNull || y == triNull:
		return triNull
	}
	return triTrue
}

func (x tri) or(y tri) tri {
	switch {
	case x == triTrue || y == triTrue:
		return triTrue
	case x == triNull || y == triNull:
		return triNull
	}
	return triFalse
}

func (x tri) not() tri {
	if x == triNull {
		return triNull
	}
	return 1 - x
}

// model returns the ids of the rows p is true for, sorted as text.
func (tb *boundTable) model(p boundPred) []string {
	var ids []string
	for _, row := range tb.rows {
		if p.eval(row) == triTrue {
			ids = append(ids, strconv.Itoa(row.id))
		}
	}
	slices.Sort(ids)
	return ids
}

// bound is a constant compared with a: its SQL and its value.
type bound struct {
	sql string
	v   decimal.Decimal
}

// bound returns a random constant: inside the type's range (one of the
// rows' values), at its edges, just or far outside it, between two of its
// values, as a DECIMAL or integer literal, a string (integer types) or a
// DOUBLE (integer types narrower than BIGINT).
func (tb *boundTable) bound(r *rand.Rand) bound {
	bt := tb.typ
	half := bt.ulp().Div(decimal.NewFromInt(2))
	var v decimal.Decimal
	switch r.IntN(12) {
	case 0:
		v = bt.lo
	case 1:
		v = bt.hi
	case 2:
		v = bt.lo.Sub(bt.ulp())
	case 3:
		v = bt.hi.Add(bt.ulp())
	case 4:
		v = bt.lo.Sub(half)
	case 5:
		v = bt.hi.Add(half)
	case 6: // far outside
		far := []string{"99999999999999999999999", "18446744073709551616", "18446744073709551615", "9223372036854775808", "4294967296", "1000", "100000"}
		v = decimal.RequireFromString(far[r.IntN(len(far))])
		if r.IntN(2) == 0 {
			v = v.Neg()
		}
	case 7: // between two values, or with more decimals than the scale
		v = tb.value(r).Add(decimal.New(int64(1+r.IntN(9)), -bt.scale-1))
	default: // a value of the table, or next to one
		v = tb.value(r)
		if len(tb.rows) > 0 && r.IntN(2) == 0 {
			if a := tb.rows[r.IntN(len(tb.rows))].a; a != nil {
				v = *a
			}
		}
		if r.IntN(3) == 0 {
			v = v.Add(half)
		}
	}
	if bt.year() && v.Sign() > 0 && v.LessThan(decimal.NewFromInt(100)) {
		return tb.bound(r)
	}
	text := v.String()
	switch {
	case bt.integer() && v.IsInteger() && v.Abs().LessThan(decimal.New(1, 15)) && r.IntN(4) == 0:
		text = "'" + text + "'" // compared as the integer it is
	case bt.narrow() && v.Abs().LessThan(decimal.New(1, 15)) && r.IntN(4) == 0:
		text += "e0" // a DOUBLE: 127.5e0 (a half or an integer, exact)
	case v.IsInteger() && r.IntN(5) == 0 && v.Abs().LessThan(decimal.New(1, 30)):
		text += ".000" // an integral DECIMAL
	}
	return bound{sql: text, v: v}
}

var boundOps = []string{"=", "<", "<=", ">", ">=", "<>", "<=>"}

// cmpModel is a op b in the model.
func cmpModel(op string, a *decimal.Decimal, b decimal.Decimal) tri {
	if a == nil {
		if op == "<=>" {
			return triFalse
		}
		return triNull
	}
	c := a.Cmp(b)
	switch op {
	case "=", "<=>":
		return triOf(c == 0)
	case "<":
		return triOf(c < 0)
	case "<=":
		return triOf(c <= 0)
	case ">":
		return triOf(c > 0)
	case ">=":
		return triOf(c >= 0)
	}
	return triOf(c != 0) // <>
}

var flippedOps = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<=", "<>": "<>", "<=>": "<=>"}

// holds reports whether v is a value of the type.
func (bt boundType) holds(v decimal.Decimal) bool {
	return !v.LessThan(bt.lo) && !v.GreaterThan(bt.hi) && v.Equal(v.Truncate(bt.scale))
}

// atom returns one comparison, IN or BETWEEN of a.
func (tb *boundTable) atom(r *rand.Rand) boundPred {
	switch r.IntN(6) {
	case 0, 1: // a op b, or b op a
		op, b := boundOps[r.IntN(len(boundOps))], tb.bound(r)
		p := boundPred{sql: fmt.Sprintf("a %s %s", op, b.sql), indexable: op != "<=>" || tb.typ.holds(b.v)}
		if r.IntN(3) == 0 {
			p.sql = fmt.Sprintf("%s %s a", b.sql, flippedOps[op])
		}
		p.eval = func(row boundRow) tri { return cmpModel(op, row.a, b.v) }
		return p
	case 2, 3: // BETWEEN
		lo, hi := tb.bound(r), tb.bound(r)
		not := r.IntN(3) == 0
		p := boundPred{sql: fmt.Sprintf("a BETWEEN %s AND %s", lo.sql, hi.sql), indexable: true}
		p.eval = func(row boundRow) tri { return cmpModel(">=", row.a, lo.v).and(cmpModel("<=", row.a, hi.v)) }
		if not {
			p.sql = fmt.Sprintf("a NOT BETWEEN %s AND %s", lo.sql, hi.sql)
			in := p.eval
			p.eval = func(row boundRow) tri { return in(row).not() }
		}
		return p
	default: // IN, NOT IN
		items := make([]bound, 2+r.IntN(3))
		texts := make([]string, len(items))
		for i := range items {
			items[i] = tb.bound(r)
			texts[i] = items[i].sql
		}
		withNull := r.IntN(8) == 0
		if withNull {
			texts = append(texts, "NULL")
		}
		not := r.IntN(3) == 0
		in := func(row boundRow) tri {
			res := triFalse
			if withNull {
				res = triNull
			}
			for _, it := range items {
				res = res.or(cmpModel("=", row.a, it.v))
			}
			return res
		}
		p := boundPred{sql: fmt.Sprintf("a IN (%s)", strings.Join(texts, ", ")), eval: in, indexable: true}
		if not {
			p.sql = fmt.Sprintf("a NOT IN (%s)", strings.Join(texts, ", "))
			p.eval = func(row boundRow) tri { return in(row).not() }
		}
		// A string among numbers is compared as MySQL compares each pair;
		// such a list is not an index's.
		p.indexable = p.indexable && !strings.Contains(p.sql, "'")
		return p
	}
}

// predicate returns an atom, two atoms under AND or OR, either maybe
// under an equality on g.
func (tb *boundTable) predicate(r *rand.Rand) boundPred {
	p := tb.atom(r)
	if r.IntN(3) == 0 {
		q := tb.atom(r)
		op, in := " AND ", p.eval
		f := func(row boundRow) tri { return in(row).and(q.eval(row)) }
		if r.IntN(2) == 0 {
			op = " OR "
			f = func(row boundRow) tri { return in(row).or(q.eval(row)) }
		}
		p = boundPred{sql: "(" + p.sql + ")" + op + "(" + q.sql + ")", eval: f}
	}
	behindG := tb.layout == 1 || tb.layout == 4 // a is the second column of the index
	if r.IntN(4) == 0 || behindG && r.IntN(2) == 0 {
		g, in := r.IntN(3), p.eval
		p = boundPred{sql: fmt.Sprintf("g = %d AND (%s)", g, p.sql), eval: func(row boundRow) tri { return triOf(row.g == g).and(in(row)) }, indexable: p.indexable}
	} else if behindG {
		p.indexable = false // not a prefix of the index: no range
	}
	return p
}
