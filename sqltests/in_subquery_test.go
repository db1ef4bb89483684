package sqltests

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/simsql/simsql/internal/simsqltest"
)

// TestInSubqueryScripts holds go-mysql-server 0.20's faults of IN and NOT
// IN subqueries with NULLs (compat/in_subquery.go), in-process, over the
// wire and on MariaDB.
func TestInSubqueryScripts(t *testing.T) {
	runScriptsAndMariaDB(t, InSubqueryScripts)
}

// TestInSubqueryMatchesMariaDB is a differential test of IN and NOT IN
// subqueries (go-mysql-server 0.20 ran NOT IN as an anti join that kept
// rows MySQL drops, compat/in_subquery.go, and repeated rows of a semi
// join through a merge join, semi_join_merge.go), and of EXISTS and NOT
// EXISTS over the same columns: random tables of small
// integers with NULLs, with and without indexes on the compared columns,
// and random queries (one column or a row of two, correlated or not, with
// a WHERE in the subquery or none, under NOT, OR, IS NULL or in the select
// list) must return the same rows in-process as on MariaDB.
func TestInSubqueryMatchesMariaDB(t *testing.T) {
	const tables, queriesPerTable = 6, 60
	m := newMariaDBConn(t, sharedMariaDB(t), "insubq")
	c := newEngineConn(t)
	for ti := range tables {
		r := rand.New(rand.NewPCG(20261202, uint64(ti)))
		setUp := randomInTables(r)
		for _, q := range setUp {
			if _, err := c.query(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if _, err := m.query(q); err != nil {
				t.Fatalf("mariadb: %s: %v", q, err)
			}
		}
		for range queriesPerTable {
			q := randomInQuery(r)
			got, err := c.query(q)
			if err != nil {
				t.Fatalf("%s\n%s: %v", strings.Join(setUp, ";\n"), q, err)
			}
			want, err := m.query(q)
			if err != nil {
				t.Fatalf("mariadb: %s: %v", q, err)
			}
			if g, w := simsqltest.Strings(got, ","), simsqltest.Strings(want, ","); !slices.Equal(g, w) {
				t.Errorf("%s;\n%s\n got  %v\n want %v", strings.Join(setUp, ";\n"), q, g, w)
			}
		}
	}
}

// randomInTables returns statements that create and fill a (pk, x, y) and
// b (pk, c, d), of small integers and NULLs, each with a random index.
func randomInTables(r *rand.Rand) []string {
	value := func() string {
		if r.IntN(4) == 0 {
			return "NULL"
		}
		return fmt.Sprint(r.IntN(5))
	}
	notNull := r.IntN(3) == 0 // b.c NOT NULL
	indexA := []string{"", ", KEY ix (x)", ", KEY ixy (x, y)"}[r.IntN(3)]
	indexB := []string{"", ", KEY ic (c)", ", KEY icd (c, d)", ", KEY id (d)"}[r.IntN(4)]
	cDef := "c INT"
	if notNull {
		cDef = "c INT NOT NULL"
	}
	s := []string{
		"DROP TABLE IF EXISTS a", "DROP TABLE IF EXISTS b",
		"CREATE TABLE a (pk INT PRIMARY KEY, x INT, y INT" + indexA + ")",
		"CREATE TABLE b (pk INT PRIMARY KEY, " + cDef + ", d INT" + indexB + ")",
	}
	for _, tb := range []string{"a", "b"} {
		var rows []string
		for pk := range 4 + r.IntN(8) {
			v := value()
			if tb == "b" && notNull && v == "NULL" {
				v = "0"
			}
			rows = append(rows, fmt.Sprintf("(%d, %s, %s)", pk, v, value()))
		}
		s = append(s, "INSERT INTO "+tb+" VALUES "+strings.Join(rows, ", "))
	}
	return s
}

// randomInQuery returns a query over randomInTables' a and b with an IN
// or NOT IN subquery.
func randomInQuery(r *rand.Rand) string {
	left, cols := "a.x", "c"
	if r.IntN(4) == 0 {
		left, cols = "(a.x, a.y)", "c, d"
	}
	op := []string{"IN", "NOT IN"}[r.IntN(2)]
	var where []string
	switch r.IntN(6) {
	case 0:
		where = append(where, fmt.Sprintf("c > %d", r.IntN(4)))
	case 1:
		where = append(where, fmt.Sprintf("d = %d", r.IntN(4)))
	case 2:
		where = append(where, "c IS NOT NULL")
	case 3:
		where = append(where, "b.pk < a.pk") // correlated
	case 4:
		where = append(where, "1 = 0")
	}
	if r.IntN(5) == 0 {
		where = append(where, fmt.Sprintf("b.d <> a.y + %d", r.IntN(2)))
	}
	sub := "SELECT " + cols + " FROM b"
	if len(where) > 0 {
		sub += " WHERE " + strings.Join(where, " AND ")
	}
	pred := fmt.Sprintf("%s %s (%s)", left, op, sub)
	if r.IntN(5) == 0 { // [NOT] EXISTS, correlated on the same columns
		where = append(where, "b.c = a.x")
		pred = fmt.Sprintf("%sEXISTS (SELECT 1 FROM b WHERE %s)", []string{"", "NOT "}[r.IntN(2)], strings.Join(where, " AND "))
	}
	switch r.IntN(7) {
	case 0:
		return fmt.Sprintf("SELECT pk, %s FROM a ORDER BY pk", pred)
	case 1:
		pred = "NOT (" + pred + ")"
	case 2:
		pred = "(" + pred + ") IS NULL"
	case 3:
		pred = fmt.Sprintf("(%s OR a.pk = %d)", pred, r.IntN(4))
	case 4:
		pred = fmt.Sprintf("%s AND a.y IS NOT NULL", pred)
	}
	return "SELECT pk FROM a WHERE " + pred + " ORDER BY pk"
}

// TestSemiJoinScripts holds go-mysql-server 0.20's merge join of a semi
// join, which repeated outer rows (compat/semi_join_merge.go), in-process,
// over the wire and on MariaDB.
func TestSemiJoinScripts(t *testing.T) {
	runScriptsAndMariaDB(t, SemiJoinScripts)
}
