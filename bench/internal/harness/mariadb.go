package harness

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/simsql/simsql/internal/mariadbtest"
)

// ErrNoMariaDB is returned by StartMariaDB when neither mariadbd nor mysqld
// is on PATH.
var ErrNoMariaDB = mariadbtest.ErrNoDaemon

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// StartMariaDB initializes dataDir (created if missing) and starts mariadbd
// (or MySQL's mysqld) from PATH on it with its default settings (InnoDB,
// durable commits), listening on 127.0.0.1 and a free port only, without
// grant tables. It waits up to 60 s for the server to answer and returns a
// one-connection pool (no database selected) and the server; the caller
// closes the pool, then calls Stop. The error is ErrNoMariaDB when no
// daemon is installed.
func StartMariaDB(ctx context.Context, dataDir string) (*sql.DB, *Server, error) {
	daemon, err := mariadbtest.Daemon()
	if err != nil {
		return nil, nil, err
	}
	tmpDir := dataDir + "-tmp" // not inside dataDir, where it would be a database
	for _, d := range []string{dataDir, tmpDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, nil, err
		}
	}
	// A tmpdir of its own, not the shared /tmp (see mariadbtest.Start).
	common, out, err := mariadbtest.Init(ctx, daemon, dataDir, "--tmpdir="+tmpDir)
	if err != nil {
		return nil, nil, fmt.Errorf("%v (%s)", err, LastLine(out))
	}
	port, err := FreePort()
	if err != nil {
		return nil, nil, err
	}
	args := append(common,
		"--bind-address=127.0.0.1", "--port="+strconv.Itoa(port),
		"--socket="+filepath.Join(dataDir, "mysqld.sock"),
		"--pid-file="+filepath.Join(dataDir, "mysqld.pid"),
		"--skip-grant-tables", "--skip-name-resolve")
	s, err := Start(exec.Command(daemon, args...))
	if err != nil {
		return nil, nil, err
	}
	s.Addr = "127.0.0.1:" + strconv.Itoa(port)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		db, err := Open(s.Addr, "")
		if err == nil {
			db.SetMaxOpenConns(1)
			return db, s, nil
		}
		select {
		case <-s.Exited:
			return nil, nil, fmt.Errorf("%s exited: %s", daemon, LastLine([]byte(s.Stderr.String())))
		default:
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Stop()
			return nil, nil, fmt.Errorf("%s not answering on %s: %v", daemon, s.Addr, err)
		}
	}
}
