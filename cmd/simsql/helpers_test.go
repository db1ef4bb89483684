package main

import (
	"bytes"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/simsql/simsql/sqltests"
)

// writeFiles creates files (relative path -> contents) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// queryStrings runs q and returns every row as strings, NULL as "NULL".
func queryStrings(t *testing.T, db *sql.DB, q string) [][]string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// runImport runs `simsql import` against s and returns stdout, stderr and
// the exit code.
func runImport(t *testing.T, s *sqltests.Server, args ...string) (string, string, int) {
	t.Helper()
	full := append([]string{"import", "--port", strconv.Itoa(s.Port), "--quiet"}, args...)
	cmd := exec.Command(s.Binary(), full...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// mariadbClient returns the path of the mariadb command-line client, or
// skips the test where it is not on PATH. CI sets SIMSQL_REQUIRE_MARIADB=1
// so that a missing client fails instead of skipping.
func mariadbClient(t *testing.T) string {
	t.Helper()
	client, err := exec.LookPath("mariadb")
	if err != nil {
		if os.Getenv("SIMSQL_REQUIRE_MARIADB") == "1" {
			t.Fatal("mariadb client not on PATH and SIMSQL_REQUIRE_MARIADB=1")
		}
		t.Skip("mariadb client not on PATH")
	}
	return client
}
