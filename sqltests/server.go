// Package sqltests runs SQL script tests against simsql. StartServer, in
// this non-test file, lets the tests of any package run the real simsql
// binary and talk to it over the MySQL protocol.
package sqltests

import (
	"context"
	dbsql "database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/simsqltest"
)

// Server is a simsql server process started by StartServer, listening on
// 127.0.0.1.
type Server struct {
	// Addr is the host:port the server listens on.
	Addr string
	// Port is the TCP port of Addr.
	Port int

	user, password string
	binary         string
	dataDir        string
	cmd            *exec.Cmd
	stderr         *simsqltest.Buffer
	exited         chan struct{} // closed when the process has exited
	waitErr        error         // set before exited is closed
	stopOnce       sync.Once
}

// StartServer starts `simsql serve --port 0 --data-dir <tb.TempDir()>`
// followed by args, waits for its ready line and registers a cleanup that
// stops it, failing the test if the server's stderr reports a data race.
// The binary is built once per test process (about 70 s the
// first time on a cold build cache), or once per run by scripts/test.sh
// (Binary). Flags in args override the defaults;
// --host must stay 127.0.0.1.
func StartServer(tb testing.TB, args ...string) *Server {
	tb.Helper()
	return startServer(tb, Binary(tb), args)
}

// StartTestHookServer is StartServer with a binary built with -tags
// simsql_testhooks, which adds test-only SQL functions such as
// simsql_test_panic(x) (cmd/simsql/testhooks.go).
func StartTestHookServer(tb testing.TB, args ...string) *Server {
	tb.Helper()
	hookBuild.once.Do(func() {
		if hookBuild.path, hookBuild.err = simsqltest.Prebuilt("SIMSQL_TEST_HOOK_BINARY"); hookBuild.path == "" && hookBuild.err == nil {
			hookBuild.path, hookBuild.err = buildBinary("simsql-testhooks", "-tags", "simsql_testhooks")
		}
	})
	if hookBuild.err != nil {
		tb.Fatal(hookBuild.err)
	}
	return startServer(tb, hookBuild.path, args)
}

// serverTB is the part of testing.TB that startServer uses: a test's, or
// the test process's for the server the script tests share (sharedServer).
type serverTB interface {
	Helper()
	TempDir() string
	Cleanup(func())
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
	Failed() bool
	Logf(format string, args ...any)
}

func startServer(tb serverTB, bin string, args []string) *Server {
	tb.Helper()
	full := append([]string{"serve", "--port", "0", "--data-dir", tb.TempDir()}, engineArgs()...)
	full = append(full, args...)
	cmd := exec.Command(bin, full...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	s := &Server{
		user:    flagValue(args, "user", "root"),
		binary:  bin,
		dataDir: flagValue(full, "data-dir", ""),
		cmd:     cmd,
		stderr:  &simsqltest.Buffer{},
		exited:  make(chan struct{}),
	}
	s.password = flagValue(args, "password", "")
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	lines := simsqltest.FirstLine(stdout)
	go func() {
		s.waitErr = cmd.Wait()
		close(s.exited)
	}()
	tb.Cleanup(func() {
		s.stop()
		if strings.Contains(s.stderr.String(), "WARNING: DATA RACE") {
			tb.Errorf("the race detector found a data race in the server (built with SIMSQL_RACE_SERVER=1)")
		}
		if tb.Failed() {
			tb.Logf("simsql server stderr:\n%s", s.stderr.String())
		}
	})

	select {
	case line := <-lines:
		var ok bool
		if s.Addr, s.Port, ok = simsqltest.ParseReady(line); !ok {
			tb.Fatalf("simsql serve printed %q, want the ready line", line)
		}
	case <-s.exited:
		tb.Fatalf("simsql serve exited before it was ready: %v\n%s", s.waitErr, s.stderr.String())
	case <-time.After(readyTimeout()):
		tb.Fatalf("simsql serve printed no ready line in %v\n%s", readyTimeout(), s.stderr.String())
	}
	return s
}

// TestEngine is the storage engine of the data directories tests create:
// $SIMSQL_STORAGE_ENGINE (bbolt or pebble), or storage.DefaultEngine when it
// is unset. scripts/test.sh runs the suite on the default, then its
// storage-heavy tests on pebble.
func TestEngine() string { return os.Getenv("SIMSQL_STORAGE_ENGINE") }

func engineArgs() []string {
	if e := TestEngine(); e != "" {
		return []string{"--storage-engine", e}
	}
	return nil
}

// readyTimeout is how long StartServer waits for the ready line: 180 s, or
// 300 s for a server built with -race (SIMSQL_RACE_SERVER=1). A server that
// fails exits and is reported at once, so the wait is long enough for a
// machine with a load average of 15 or more, where 30 s was not.
func readyTimeout() time.Duration {
	if os.Getenv("SIMSQL_RACE_SERVER") == "1" {
		return 300 * time.Second
	}
	return 180 * time.Second
}

// Binary returns the path of the simsql binary the server runs.
func (s *Server) Binary() string { return s.binary }

// DataDir returns the --data-dir the server was started with (the last one
// given), as passed on its command line.
func (s *Server) DataDir() string { return s.dataDir }

// Pid returns the process id of the server.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Stderr returns what the server has written to stderr so far.
func (s *Server) Stderr() string { return s.stderr.String() }

// DSN returns a go-sql-driver/mysql data source name for database db:
// the server's account, parseTime on, multiStatements off, and LOAD DATA
// LOCAL INFILE allowed for any file.
func (s *Server) DSN(db string) string {
	cfg := mysql.NewConfig()
	cfg.User = s.user
	cfg.Passwd = s.password
	cfg.Net = "tcp"
	cfg.Addr = s.Addr
	return testDSN(cfg, db)
}

// testDSN returns cfg's data source name for database db with the tests'
// settings: parseTime on, multiStatements off, LOAD DATA LOCAL INFILE
// allowed for any file, 10 s to connect.
func testDSN(cfg *mysql.Config, db string) string {
	cfg.DBName = db
	cfg.ParseTime = true
	cfg.MultiStatements = false
	cfg.AllowAllFiles = true
	cfg.Timeout = 10 * time.Second
	return cfg.FormatDSN()
}

// DB returns a connection pool to database simsql, closed at the end of the
// test.
func (s *Server) DB(tb testing.TB) *dbsql.DB {
	tb.Helper()
	return openDB(tb, s.DSN("simsql"))
}

// openDB returns a connection pool to dsn that has answered a ping, closed
// at the end of the test.
func openDB(tb testing.TB, dsn string) *dbsql.DB {
	tb.Helper()
	db, err := dbsql.Open("mysql", dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		tb.Fatal(err)
	}
	return db
}

// Stop sends SIGTERM, waits for the server to exit (killing it after 10 s)
// and fails the test unless it exited with code 0.
func (s *Server) Stop(tb testing.TB) {
	tb.Helper()
	if err := s.stop(); err != nil {
		tb.Fatalf("simsql serve: %v\n%s", err, s.stderr.String())
	}
}

// Kill sends SIGKILL, as a crash or the OOM killer would, and waits for the
// process to be gone (failing the test after 10 s). The server gets no
// chance to close anything: the data directory is left as it was at that
// instant. Kill after Stop or Kill does nothing.
func (s *Server) Kill(tb testing.TB) {
	tb.Helper()
	gone := true
	s.stopOnce.Do(func() {
		s.cmd.Process.Kill()
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			gone = false
		}
	})
	if !gone {
		tb.Fatalf("simsql serve (pid %d) still running 10 s after SIGKILL", s.cmd.Process.Pid)
	}
}

// stop terminates the process once; it returns how the process ended.
func (s *Server) stop() error {
	s.stopOnce.Do(func() {
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			<-s.exited
		}
	})
	return s.waitErr
}

var build, hookBuild struct {
	once sync.Once
	path string
	err  error
}

// Binary returns the path of the simsql binary the tests run: the one
// scripts/test.sh built for every test process ($SIMSQL_TEST_BINARY,
// simsqltest.Prebuilt), else cmd/simsql built once per test process.
func Binary(tb testing.TB) string {
	tb.Helper()
	build.once.Do(func() {
		if build.path, build.err = simsqltest.Prebuilt("SIMSQL_TEST_BINARY"); build.path == "" && build.err == nil {
			build.path, build.err = buildBinary("simsql")
		}
	})
	if build.err != nil {
		tb.Fatal(build.err)
	}
	return build.path
}

// buildBinary builds cmd/simsql with go build flags (and -race when
// SIMSQL_RACE_SERVER=1) into a directory named after this process, as file
// name, after removing the directories of
// earlier test processes that are gone (a test binary has no hook to
// remove its own at exit).
func buildBinary(name string, flags ...string) (string, error) {
	removeStaleBuilds()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("simsql-sqltests-%d", os.Getpid()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if os.Getenv("SIMSQL_RACE_SERVER") == "1" {
		flags = append(flags, "-race")
	}
	bin := filepath.Join(dir, name)
	return bin, simsqltest.Build(context.Background(), bin, flags...)
}

func removeStaleBuilds() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "simsql-sqltests-*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "simsql-sqltests-"))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.RemoveAll(d)
		}
	}
}

// flagValue returns the value of --name (or -name) in args, or def.
func flagValue(args []string, name, def string) string {
	v := def
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		a = strings.TrimLeft(a, "-")
		if a == name && i+1 < len(args) {
			v = args[i+1]
		} else if strings.HasPrefix(a, name+"=") {
			v = strings.TrimPrefix(a, name+"=")
		}
	}
	return v
}
