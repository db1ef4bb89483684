package main

import (
	"bytes"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/simsql/simsql/internal/simsqltest"
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
	rs, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	rows, err := simsqltest.ScanCells(rs)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return simsqltest.Texts(rows)
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
		simsqltest.Require(t, "MARIADB", "mariadb client not on PATH")
	}
	return client
}
