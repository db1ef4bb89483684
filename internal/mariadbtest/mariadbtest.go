// Package mariadbtest starts throwaway MariaDB (or MySQL) servers, the
// reference that simsql's differential tests and benchmarks compare with:
// the daemon from PATH on a fresh data directory, without grant tables.
package mariadbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/simsqltest"
)

// ErrNoDaemon is Daemon's error when neither mariadbd nor mysqld is on PATH.
var ErrNoDaemon = errors.New("neither mariadbd nor mysqld is on PATH")

// Daemon returns the path of mariadbd on PATH, else of MySQL's mysqld;
// the error is ErrNoDaemon when neither is installed.
func Daemon() (string, error) {
	for _, name := range []string{"mariadbd", "mysqld"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoDaemon
}

// Init initializes the data directory dataDir for daemon, with
// mariadb-install-db where it is on PATH (MariaDB), else with daemon
// --initialize-insecure (MySQL), and returns the options every start of
// daemon on dataDir begins with: --no-defaults, --datadir, the options
// more (such as --tmpdir) and, when run as root, --user=root. On failure
// out is the initializer's output and err names it.
func Init(ctx context.Context, daemon, dataDir string, more ...string) (opts []string, out []byte, err error) {
	opts = append([]string{"--no-defaults", "--datadir=" + dataDir}, more...)
	if os.Geteuid() == 0 {
		opts = append(opts, "--user=root")
	}
	var initCmd *exec.Cmd
	if p, err := exec.LookPath("mariadb-install-db"); err == nil {
		initCmd = exec.CommandContext(ctx, p, append(opts, "--auth-root-authentication-method=normal", "--skip-test-db")...)
	} else {
		initCmd = exec.CommandContext(ctx, daemon, append(opts, "--initialize-insecure")...)
	}
	if out, err := initCmd.CombinedOutput(); err != nil {
		return nil, out, fmt.Errorf("%s: %v", initCmd.Path, err)
	}
	return opts, nil, nil
}

// TB is the part of testing.TB that Start uses; the package does not
// import testing, so that the benchmark programs can use Daemon and Init.
type TB interface {
	Helper()
	Cleanup(func())
	TempDir() string
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Skipf(format string, args ...any)
}

// Server is a server started by Start.
type Server struct {
	// Socket is the path of its Unix socket.
	Socket string
	// Addr is its host:port on 127.0.0.1, or "" when it listens on its
	// socket only.
	Addr string
}

// Start starts mariadbd (or mysqld) from PATH with its default settings
// (InnoDB, REPEATABLE READ) in a temporary directory, on its Unix socket
// and, when port is not 0, on 127.0.0.1:port too, with the further daemon
// options extra. It waits up to 60 s for the server to answer, and stops it
// when tb ends. It skips tb when no daemon is installed, and fails it
// instead under SIMSQL_REQUIRE_MARIADB=1 (as CI sets).
func Start(tb TB, port int, extra ...string) *Server {
	tb.Helper()
	daemon, err := Daemon()
	if err != nil {
		simsqltest.Require(tb, "MARIADB", "mariadbd not on PATH")
	}
	dir := tb.TempDir()
	// A tmpdir of its own: with the shared /tmp, mariadb-install-db
	// failed now and then with "Could not remove temporary table:
	// '/tmp/#sql-temptable-3a00-1-8'" (names made of a process id, which
	// other MariaDB processes on the machine, in other PID namespaces,
	// reuse).
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		tb.Fatal(err)
	}
	common, out, err := Init(context.Background(), daemon, filepath.Join(dir, "data"), "--tmpdir="+tmp)
	if err != nil {
		tb.Fatalf("%v\n%s", err, out)
	}
	s := &Server{Socket: filepath.Join(dir, "mysqld.sock")}
	network := []string{"--skip-networking"}
	if port > 0 {
		s.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		network = []string{"--bind-address=127.0.0.1", "--port=" + strconv.Itoa(port)}
	}
	network = append(network, extra...)
	cmd := exec.Command(daemon, append(append(common, network...), "--socket="+s.Socket,
		"--pid-file="+filepath.Join(dir, "mysqld.pid"), "--skip-grant-tables", "--skip-name-resolve",
		"--innodb-buffer-pool-size=16M", "--performance-schema=0")...)
	var stderr strings.Builder // read only once cmd.Wait has returned
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
	db, err := sql.Open("mysql", s.Config().FormatDSN())
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	// Wait for the server to answer: it creates the socket when ready.
	for deadline := time.Now().Add(60 * time.Second); ; {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			return s
		}
		select {
		case <-exited:
			tb.Fatalf("%s exited: %s", daemon, stderr.String())
		case <-time.After(100 * time.Millisecond): // polling for readiness
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s not answering on %s: %v", daemon, s.Socket, err)
		}
	}
}

// Config returns a go-sql-driver/mysql configuration for user root on s's
// Unix socket, with no database selected.
func (s *Server) Config() *mysql.Config {
	cfg := mysql.NewConfig()
	cfg.User = "root"
	cfg.Net = "unix"
	cfg.Addr = s.Socket
	return cfg
}
