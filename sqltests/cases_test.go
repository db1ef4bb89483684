package sqltests

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// casesFile holds inputs with the right answers from real bug reports
// against other similarity and segmentation libraries, a copy of the team's
// shared/cases/functions.tsv. Each row is one SQL expression and its value.
const casesFile = "testdata/cases_functions.tsv"

type funcCase struct {
	id, kind, expr, want string
}

func loadCases(t *testing.T) []funcCase {
	t.Helper()
	data, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	var cases []funcCase
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("%s:%d: %d fields, want 4", casesFile, i+1, len(f))
		}
		cases = append(cases, funcCase{f[0], f[1], f[2], f[3]})
	}
	if len(cases) < 22 {
		t.Fatalf("%s: only %d cases", casesFile, len(cases))
	}
	return cases
}

// TestCasesCopyIsCurrent fails when the team's shared cases file, where this
// checkout has it beside it, has rows the copy lacks.
func TestCasesCopyIsCurrent(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "cases", "functions.tsv")
	want, err := os.ReadFile(shared)
	if os.IsNotExist(err) {
		t.Skipf("%s not present", shared)
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s: copy the new cases and make them pass", casesFile, shared)
	}
}

// TestCases runs every case in-process and over the wire: "ERROR" wants an
// error, a JSON array wants an equal array, anything else an equal value.
func TestCases(t *testing.T) {
	cases := loadCases(t)
	run := func(t *testing.T, c conn) {
		for _, fc := range cases {
			t.Run(fc.id, func(t *testing.T) {
				rows, err := c.query("SELECT " + fc.expr)
				if fc.want == "ERROR" {
					if err == nil {
						t.Fatalf("%s (%s): got %s, want an error", fc.expr, fc.kind, formatCells(rows))
					}
					return
				}
				if err != nil {
					t.Fatalf("%s (%s): %v", fc.expr, fc.kind, err)
				}
				if len(rows) != 1 || len(rows[0]) != 1 || rows[0][0] == nil {
					t.Fatalf("%s (%s): got %s, want %s", fc.expr, fc.kind, formatCells(rows), fc.want)
				}
				got := *rows[0][0]
				if !sameValue(got, fc.want) {
					t.Errorf("%s (%s): got %s, want %s", fc.expr, fc.kind, got, fc.want)
				}
			})
		}
	}
	t.Run("engine", func(t *testing.T) { run(t, newEngineConn(t)) })
	t.Run("wire", func(t *testing.T) { run(t, newWireConn(t, StartServer(t))) })
}

// sameValue compares a result's text with an expected value: JSON arrays as
// JSON, numbers as numbers, anything else as text.
func sameValue(got, want string) bool {
	if strings.HasPrefix(want, "[") {
		var g, w any
		return json.Unmarshal([]byte(got), &g) == nil && json.Unmarshal([]byte(want), &w) == nil && reflect.DeepEqual(g, w)
	}
	gf, gerr := strconv.ParseFloat(got, 64)
	wf, werr := strconv.ParseFloat(want, 64)
	if gerr == nil && werr == nil {
		return gf == wf
	}
	return got == want
}
