package compat_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	driver "github.com/go-sql-driver/mysql"
)

// startMariaDB starts a throwaway mariadbd (or mysqld) from PATH in a
// temporary directory, listening on a Unix socket only, as
// bench/internal/harness starts one for the benchmarks, and returns one
// connection to it; the server stops when tb ends. It skips tb when no
// daemon is installed, and fails it instead under
// SIMSQL_REQUIRE_MARIADB=1 (as CI sets).
func startMariaDB(tb testing.TB) *sql.Conn {
	tb.Helper()
	var daemon string
	for _, name := range []string{"mariadbd", "mysqld"} {
		if p, err := exec.LookPath(name); err == nil {
			daemon = p
			break
		}
	}
	if daemon == "" {
		if os.Getenv("SIMSQL_REQUIRE_MARIADB") == "1" {
			tb.Fatal("mariadbd not on PATH and SIMSQL_REQUIRE_MARIADB=1")
		}
		tb.Skip("mariadbd not on PATH (SIMSQL_REQUIRE_MARIADB=1 makes this a failure)")
	}
	dir := tb.TempDir()
	data, tmp := filepath.Join(dir, "data"), filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		tb.Fatal(err)
	}
	// A tmpdir of its own: with /tmp shared, a concurrent mariadb-install-db
	// failed with "Could not remove temporary table '/tmp/#sql-temptable-…'".
	common := []string{"--no-defaults", "--datadir=" + data, "--tmpdir=" + tmp}
	if os.Geteuid() == 0 {
		common = append(common, "--user=root")
	}
	var initCmd *exec.Cmd
	if p, err := exec.LookPath("mariadb-install-db"); err == nil {
		initCmd = exec.Command(p, append(common, "--auth-root-authentication-method=normal", "--skip-test-db")...)
	} else {
		initCmd = exec.Command(daemon, append(common, "--initialize-insecure")...)
	}
	if out, err := initCmd.CombinedOutput(); err != nil {
		tb.Fatalf("%s: %v\n%s", initCmd.Path, err, out)
	}
	sock := filepath.Join(dir, "mysqld.sock")
	cmd := exec.Command(daemon, append(common, "--skip-networking", "--socket="+sock,
		"--pid-file="+filepath.Join(dir, "mysqld.pid"), "--skip-grant-tables", "--skip-name-resolve",
		"--innodb-buffer-pool-size=16M", "--performance-schema=0")...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	tb.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	cfg := driver.NewConfig()
	cfg.User = "root"
	cfg.Net = "unix"
	cfg.Addr = sock
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	// Wait for the server to answer: it creates the socket when ready.
	for deadline := time.Now().Add(60 * time.Second); ; {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-exited:
			tb.Fatalf("%s exited: %s", daemon, stderr.String())
		case <-time.After(100 * time.Millisecond): // polling for readiness
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s not answering on %s: %v", daemon, sock, err)
		}
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close() })
	return conn
}

// answer is one statement's result as the differential test compares it:
// the class of the column type, the value as text (NULL: null), or the
// MySQL error number.
type answer struct {
	class string // "integer", "decimal", "double", "string", "null"
	typ   string // the column type as go-sql-driver names it
	text  string
	null  bool
	err   int // MySQL error number; 0 for none
	msg   string
}

func (a answer) String() string {
	switch {
	case a.err != 0:
		return "ERROR " + strconv.Itoa(a.err) + ": " + a.msg
	case a.null:
		return "NULL (" + a.class + ")"
	}
	return a.text + " (" + a.class + ")"
}

// mariaAnswer runs q with args on c and returns its one value.
func mariaAnswer(c *sql.Conn, q string, args ...any) answer {
	rs, err := c.QueryContext(context.Background(), q, args...)
	if err != nil {
		return errAnswer(err)
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return errAnswer(err)
	}
	var raw sql.RawBytes
	if !rs.Next() {
		if err := rs.Err(); err != nil {
			return errAnswer(err)
		}
		return answer{err: -1, msg: "no row"}
	}
	if err := rs.Scan(&raw); err != nil {
		return errAnswer(err)
	}
	a := answer{class: mariaClass(cts[0].DatabaseTypeName()), typ: cts[0].DatabaseTypeName(), text: string(raw), null: raw == nil}
	for rs.Next() {
	}
	if err := rs.Err(); err != nil {
		return errAnswer(err)
	}
	return a
}

func errAnswer(err error) answer {
	var me *driver.MySQLError
	if errors.As(err, &me) {
		return answer{err: int(me.Number), msg: me.Message}
	}
	return answer{err: -1, msg: err.Error()}
}

// mariaClass maps a column type name of go-sql-driver to a class.
func mariaClass(name string) string {
	switch {
	case strings.Contains(name, "INT"):
		return "integer"
	case name == "DECIMAL":
		return "decimal"
	case name == "DOUBLE" || name == "FLOAT":
		return "double"
	case name == "NULL":
		return "null"
	}
	return "string"
}

// mariaAnswerRows runs q with args on c and returns the first value of
// every row.
func mariaAnswerRows(c *sql.Conn, q string, args ...any) []answer {
	rs, err := c.QueryContext(context.Background(), q, args...)
	if err != nil {
		return []answer{errAnswer(err)}
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return []answer{errAnswer(err)}
	}
	var out []answer
	for rs.Next() {
		var raw sql.RawBytes
		if err := rs.Scan(&raw); err != nil {
			return append(out, errAnswer(err))
		}
		out = append(out, answer{class: mariaClass(cts[0].DatabaseTypeName()), typ: cts[0].DatabaseTypeName(), text: string(raw), null: raw == nil})
	}
	if err := rs.Err(); err != nil {
		out = append(out, errAnswer(err))
	}
	return out
}
