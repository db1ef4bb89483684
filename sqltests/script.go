// Package sqltests holds simsql's SQL script tests and the harness that runs
// them in-process against the engine and over the MySQL wire against the
// real server binary.
package sqltests

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/simsql/simsql/internal/simsqltest"
)

// ScriptTest is a GMS-style SQL script test: statements that set up state,
// then queries with the rows or the error they must give.
type ScriptTest struct {
	Name        string
	SetUpScript []string
	Assertions  []Assertion
}

// Assertion is one query of a ScriptTest and what it must give, checked
// in-process and over the wire alike (runScript):
//   - Expected: its rows (which may be empty); or, when ExpectedErr or
//     ExpectedErrCode is set, an error: its message contains ExpectedErr,
//     and its MySQL error number, when ExpectedErrCode is not 0, is
//     ExpectedErrCode (in-process, the number the server would send).
//   - ExpectedWarnings, when not nil: the rows SHOW WARNINGS gives right
//     after the query (level, code, message); an empty, non-nil list means
//     no warnings.
//   - ExpectedIndexes, when not nil: the indexes the query's plan reads, in
//     plan order, B-tree indexes by their columns as EXPLAIN PLAN shows
//     them ("t.a,t.b"), simsql's by kind and name ("simhash index fp_k3");
//     an empty, non-nil list means the plan must read no index (a scan).
type Assertion struct {
	Query            string
	Expected         []Row
	ExpectedErr      string
	ExpectedErrCode  int
	ExpectedWarnings []Row
	ExpectedIndexes  []string
}

// Row is one expected row. Values are nil (SQL NULL), Go integers, float64
// (compared within FloatTolerance, relative for large values), or strings
// (compared with the value's text form, as the MySQL text protocol sends
// it: JSON as MySQL prints it, binary as its bytes).
type Row []any

// FloatTolerance is the tolerance of float comparisons.
const FloatTolerance = 1e-9

// Cell is a result value as the MySQL text protocol carries it: nil for
// NULL, else the value's text.
type Cell = simsqltest.Cell

// compareRows returns a description of the first difference between the
// expected rows and the actual cells, or "" when they agree.
func compareRows(want []Row, got [][]Cell) string {
	if len(want) != len(got) {
		return fmt.Sprintf("got %d rows, want %d:\n got  %s\n want %s", len(got), len(want), formatCells(got), formatRows(want))
	}
	for i := range want {
		if len(want[i]) != len(got[i]) {
			return fmt.Sprintf("row %d: got %d columns, want %d", i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			if msg := compareValue(want[i][j], got[i][j]); msg != "" {
				return fmt.Sprintf("row %d column %d: %s\n got  %s\n want %s", i, j, msg, formatCells(got), formatRows(want))
			}
		}
	}
	return ""
}

func compareValue(want any, got Cell) string {
	if want == nil || got == nil {
		if want == nil && got == nil {
			return ""
		}
		return fmt.Sprintf("got %s, want %s", formatCell(got), formatValue(want))
	}
	switch w := want.(type) {
	case float64:
		g, err := strconv.ParseFloat(*got, 64)
		if err != nil {
			return fmt.Sprintf("got %q, want the number %v", *got, w)
		}
		if math.Abs(g-w) > FloatTolerance*math.Max(1, math.Abs(w)) {
			return fmt.Sprintf("got %v, want %v", g, w)
		}
		return ""
	case string:
		if *got != w {
			return fmt.Sprintf("got %q, want %q", *got, w)
		}
		return ""
	default:
		s := fmt.Sprint(w)
		if *got != s {
			return fmt.Sprintf("got %q, want %s", *got, s)
		}
		return ""
	}
}

func formatCell(c Cell) string {
	if c == nil {
		return "NULL"
	}
	return strconv.Quote(*c)
}

func formatValue(v any) string {
	if v == nil {
		return "NULL"
	}
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}

func formatCells(rows [][]Cell) string { return formatList(rows, formatCell) }

func formatRows(rows []Row) string { return formatList(rows, formatValue) }

// formatList renders rows as [a, b][c, d], each value by format.
func formatList[R ~[]V, V any](rows []R, format func(V) string) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString("[")
		for j, v := range r {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(format(v))
		}
		b.WriteString("]")
	}
	return b.String()
}
