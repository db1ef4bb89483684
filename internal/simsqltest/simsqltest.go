// Package simsqltest holds what simsql's tests and benchmark programs share
// when they run the real server or need something outside Go: the ready
// line `simsql serve` prints, a buffer for a child's standard error, the
// rule that a missing dependency skips a test unless SIMSQL_REQUIRE_<WHAT>=1
// makes that a failure, and result rows as text cells. It does not import
// testing, so that the benchmark programs can use it.
package simsqltest

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// readyLine is the line `simsql serve` prints to standard output once it
// accepts connections (cmd/simsql/serve.go): its address and data dir.
var readyLine = regexp.MustCompile(`^simsql: serving MySQL protocol on (127\.0\.0\.1:(\d+)) \(data dir .*\)$`)

// ParseReady returns the address (host:port) and port of the ready line
// `simsql serve` prints; ok is false for any other line.
func ParseReady(line string) (addr string, port int, ok bool) {
	m := readyLine.FindStringSubmatch(line)
	if m == nil {
		return "", 0, false
	}
	port, _ = strconv.Atoi(m[2])
	return m[1], port, true
}

// FirstLine returns a channel that receives the first line read from r,
// then goes on reading r to its end, so that the writer never blocks.
func FirstLine(r io.Reader) <-chan string {
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case first <- sc.Text():
			default: // only the first line matters; keep draining
			}
		}
	}()
	return first
}

// ModuleRoot returns the directory of simsql's go.mod, as this file was
// compiled from (tests and `go run` programs build from the source tree).
func ModuleRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", errors.New("simsqltest: cannot locate the simsql module's source")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file))), nil
}

// Build builds cmd/simsql into the file bin with the go build flags given
// (about 70 s on 2 cores and a cold build cache, 2 s after).
func Build(ctx context.Context, bin string, flags ...string) error {
	root, err := ModuleRoot()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", append(append([]string{"build", "-o", bin}, flags...), "./cmd/simsql")...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/simsql: %v\n%s", err, out)
	}
	return nil
}

// Prebuilt returns the simsql binary named by the environment variable
// env (SIMSQL_TEST_BINARY, or SIMSQL_TEST_HOOK_BINARY for one built with
// -tags simsql_testhooks), which scripts/test.sh builds once for all the
// test processes of a run instead of each building its own: "" when env is
// unset or SIMSQL_RACE_SERVER=1 asks for a -race build, an error when it
// names no executable file.
func Prebuilt(env string) (string, error) {
	bin := os.Getenv(env)
	if bin == "" || os.Getenv("SIMSQL_RACE_SERVER") == "1" {
		return "", nil
	}
	if fi, err := os.Stat(bin); err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
		return "", fmt.Errorf("%s=%s: not an executable file (%v)", env, bin, err)
	}
	return bin, nil
}

// Buffer is a bytes.Buffer safe for one writer and concurrent readers: a
// child process's standard error, read while it runs.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write implements io.Writer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TB is the part of testing.TB that Require uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// Required reports whether SIMSQL_REQUIRE_<what> is 1: whether a test that
// needs what (CORPORA, MARIADB, CLIENTS, FAULTS, PEERS, VITESS) must fail
// rather than skip without it. CI sets them all.
func Required(what string) bool { return os.Getenv("SIMSQL_REQUIRE_"+what) == "1" }

// Require ends tb because missing (say, "mariadbd not on PATH"), something
// that what names, is missing: a skip, or a failure when
// SIMSQL_REQUIRE_<what>=1.
func Require(tb TB, what, missing string) {
	tb.Helper()
	if Required(what) {
		tb.Fatalf("%s and SIMSQL_REQUIRE_%s=1", missing, what)
		return
	}
	tb.Skipf("%s (SIMSQL_REQUIRE_%s=1 makes this a failure)", missing, what)
}

// CorporaDir returns the directory of the corpora: $SIMSQL_CORPORA, else
// .corpora at the repository root, where scripts/fetch-corpora.sh writes
// them.
func CorporaDir() string {
	if dir := os.Getenv("SIMSQL_CORPORA"); dir != "" {
		return dir
	}
	root, err := ModuleRoot()
	if err != nil {
		return ".corpora"
	}
	return filepath.Join(root, ".corpora")
}

// Corpus returns CorporaDir when the file there (a path relative to it,
// such as "spdx/licenses.jsonl") exists; else it ends tb as Require does
// for CORPORA.
func Corpus(tb TB, file string) string {
	tb.Helper()
	dir := CorporaDir()
	if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
		Require(tb, "CORPORA", fmt.Sprintf("corpus missing (run scripts/fetch-corpora.sh): %v", err))
	}
	return dir
}

// Cell is a result value as the MySQL text protocol carries it: nil for
// NULL, else the value's text.
type Cell = *string

// ScanCells reads every row of rows as text cells and closes rows.
func ScanCells(rows *sql.Rows) ([][]Cell, error) {
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]Cell
	raw := make([]sql.RawBytes, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		cells := make([]Cell, len(cols))
		for i, b := range raw {
			if b != nil {
				s := string(b)
				cells[i] = &s
			}
		}
		out = append(out, cells)
	}
	return out, rows.Err()
}

// Texts returns the text of each cell of rows, NULL as "NULL"; nil for no
// rows.
func Texts(rows [][]Cell) [][]string {
	var out [][]string
	for _, row := range rows {
		texts := make([]string, len(row))
		for j, c := range row {
			texts[j] = "NULL"
			if c != nil {
				texts[j] = *c
			}
		}
		out = append(out, texts)
	}
	return out
}

// Strings renders each row as its Texts joined by sep; nil for no rows.
func Strings(rows [][]Cell, sep string) []string {
	var out []string
	for _, texts := range Texts(rows) {
		out = append(out, strings.Join(texts, sep))
	}
	return out
}
