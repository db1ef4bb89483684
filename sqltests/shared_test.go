package sqltests

import (
	"context"
	dbsql "database/sql"
	"fmt"
	"os"
	"sync"
	"testing"
)

// The servers the script tests share. A simsql server costs its start and,
// at its first Chinese text, loading the segmenter's dictionaries (about
// 2 s of CPU); a MariaDB costs mariadb-install-db and its start (about 5 s,
// mostly waiting for the disk). The tests that run scripts each in a
// database of their own, one after the other (runScripts,
// runScriptsEngineAndWire, runScriptsAndMariaDB and the like) therefore
// share one simsql server (sharedServer) and one MariaDB (sharedMariaDB)
// per test process, started by the first test that asks and stopped when
// the process ends (TestMain). Tests that restart, kill, fill or configure
// a server, or count what it did, still start their own.

// TestMain runs the tests, then stops the shared servers and fails the run
// if stopping them found a fault (a data race in the shared simsql server's
// standard error, under SIMSQL_RACE_SERVER=1).
func TestMain(m *testing.M) {
	code := m.Run()
	process.cleanup()
	if process.Failed() && code == 0 {
		code = 1
	}
	os.Exit(code)
}

// process is the test process's serverTB and mariadbtest.TB, the owner of
// the shared servers: its cleanups run when the tests are done.
var process processTB

// processTB implements serverTB and mariadbtest.TB for the test process:
// Fatal and Skipf abort the start under way (shared.get turns that into
// the asking test's failure or skip), Errorf marks the run failed.
type processTB struct {
	mu       sync.Mutex
	cleanups []func()
	failed   bool
}

// processAbort is what processTB's Fatal and Skipf panic with.
type processAbort struct {
	msg  string
	skip bool
}

func (p *processTB) Helper() {}

func (p *processTB) Cleanup(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cleanups = append(p.cleanups, f)
}

// cleanup runs the cleanups, last registered first.
func (p *processTB) cleanup() {
	p.mu.Lock()
	fs := p.cleanups
	p.cleanups = nil
	p.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

func (p *processTB) TempDir() string {
	dir, err := os.MkdirTemp("", "simsql-sqltests-shared-")
	if err != nil {
		p.Fatal(err)
	}
	p.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func (p *processTB) Fatal(args ...any) { panic(processAbort{msg: fmt.Sprint(args...)}) }

func (p *processTB) Fatalf(format string, args ...any) {
	panic(processAbort{msg: fmt.Sprintf(format, args...)})
}

func (p *processTB) Skipf(format string, args ...any) {
	panic(processAbort{msg: fmt.Sprintf(format, args...), skip: true})
}

func (p *processTB) Errorf(format string, args ...any) {
	p.mu.Lock()
	p.failed = true
	p.mu.Unlock()
	fmt.Fprintf(os.Stderr, "sqltests: "+format+"\n", args...)
}

func (p *processTB) Failed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.failed
}

func (p *processTB) Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "sqltests: "+format+"\n", args...)
}

// shared is a server started once per test process by get.
type shared[T any] struct {
	once  sync.Once
	v     T
	abort *processAbort // why the start failed or skipped
}

// get returns the server, starting it with start at the first call; a
// start that failed or skipped fails or skips tb, and every later caller.
func (s *shared[T]) get(tb testing.TB, start func() T) T {
	tb.Helper()
	s.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				a, ok := r.(processAbort)
				if !ok {
					panic(r)
				}
				s.abort = &a
			}
		}()
		s.v = start()
	})
	if s.abort != nil {
		if s.abort.skip {
			tb.Skip(s.abort.msg)
		}
		tb.Fatalf("the shared server: %s", s.abort.msg)
	}
	return s.v
}

var sharedSimsql shared[*Server]

// sharedServer returns the simsql server (StartServer, no flags) that the
// script tests of this process share. Each test must work in databases of
// its own, such as useScratchDatabase makes, and leave the server's
// settings as they were. When tb fails, the server's standard error from
// tb's start on is logged.
func sharedServer(tb testing.TB) *Server {
	tb.Helper()
	bin := Binary(tb)
	srv := sharedSimsql.get(tb, func() *Server { return startServer(&process, bin, nil) })
	select {
	case <-srv.exited:
		tb.Fatalf("the shared simsql server has exited: %v\n%s", srv.waitErr, srv.Stderr())
	default:
	}
	from := len(srv.Stderr())
	tb.Cleanup(func() {
		if tb.Failed() {
			tb.Logf("the shared simsql server's stderr during the test:\n%s", srv.Stderr()[from:])
		}
	})
	return srv
}

var sharedMaria shared[*mariaDB]

// sharedMariaDB returns the MariaDB (startMariaDB) that the differential
// tests of this process share, each in databases of its own
// (newMariaDBConn's).
func sharedMariaDB(tb testing.TB) *mariaDB {
	tb.Helper()
	return sharedMaria.get(tb, func() *mariaDB { return startMariaDBOn(&process, 0) })
}

// useScratchDatabase is useNewDatabase on a shared server: it (re)creates
// database name, empty, makes it c's, and drops it when tb ends, so that
// the tests after tb do not see its tables (in information_schema, say).
// The drop goes through a connection of its own when c's fails (a script
// may leave c in a transaction or closed).
func useScratchDatabase(tb testing.TB, srv *Server, c conn, name string) {
	tb.Helper()
	useNewDatabase(tb, c, name)
	tb.Cleanup(func() {
		q := "DROP DATABASE IF EXISTS " + name
		if _, err := c.query(q); err == nil {
			return
		}
		db, err := dbsql.Open("mysql", srv.DSN(""))
		if err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), statementTimeout)
			_, err = db.ExecContext(ctx, q)
			cancel()
			db.Close()
		}
		if err != nil {
			tb.Errorf("%s on the shared server: %v", q, err)
		}
	})
}

// scratchDB returns a connection pool to a new, empty database of m named
// after tb, for a test that would otherwise use database simsql of a
// MariaDB of its own.
func (m *mariaDB) scratchDB(tb testing.TB) *dbsql.DB {
	tb.Helper()
	name := mariaDBName(tb.Name())
	useNewDatabase(tb, dbConn{openDB(tb, m.DSN(""))}, name)
	return openDB(tb, m.DSN(name))
}
