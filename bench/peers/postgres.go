package peers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/simsql/simsql/bench/internal/harness"
)

// pgBin is where Debian's postgresql-15 package puts initdb and postgres.
const pgBin = "/usr/lib/postgresql/15/bin"

// errNoPostgres is returned by startPostgres when PostgreSQL 15 is not
// installed.
var errNoPostgres = errors.New(pgBin + "/postgres not found (Debian package postgresql-15)")

// postgres is a PostgreSQL server started by startPostgres.
type postgres struct {
	srv  *harness.Server
	conn *pgx.Conn
}

// startPostgres initializes a cluster in dir (created; owned by the user
// "postgres", or "nobody", when running as root, since PostgreSQL refuses to
// run as root) with its default settings and starts it on 127.0.0.1 and a
// free port, its unix socket in dir, trust authentication, and connects to
// database postgres as user bench.
func startPostgres(ctx context.Context, dir string) (*postgres, error) {
	if _, err := os.Stat(filepath.Join(pgBin, "postgres")); err != nil {
		return nil, errNoPostgres
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		var err error
		if cred, err = unprivileged(); err != nil {
			return nil, err
		}
		// The server's user must reach dir through its parents.
		for d := filepath.Dir(dir); d != "/"; d = filepath.Dir(d) {
			if st, err := os.Stat(d); err == nil && st.Mode().Perm()&0o001 == 0 {
				if err := os.Chmod(d, st.Mode().Perm()|0o011); err != nil {
					return nil, err
				}
			}
		}
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.CommandContext(ctx, filepath.Join(pgBin, "initdb"), "-D", data, "-U", "bench",
		"--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v (%s)", err, harness.LastLine(out))
	}
	port, err := harness.FreePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(pgBin, "postgres"), "-D", data,
		"-c", "listen_addresses=127.0.0.1", "-c", "port="+strconv.Itoa(port),
		"-c", "unix_socket_directories="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	cmd.Dir = dir
	s, err := harness.Start(cmd)
	if err != nil {
		return nil, err
	}
	s.Addr = "127.0.0.1:" + strconv.Itoa(port)
	url := fmt.Sprintf("postgres://bench@%s/postgres?sslmode=disable", s.Addr)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			return &postgres{srv: s, conn: conn}, nil
		}
		select {
		case <-s.Exited:
			return nil, fmt.Errorf("postgres exited: %s", harness.LastLine([]byte(s.Stderr.String())))
		default:
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Stop()
			return nil, fmt.Errorf("postgres not answering on %s: %v", s.Addr, err)
		}
	}
}

// stop closes the connection and shuts the server down.
func (p *postgres) stop() {
	p.conn.Close(context.Background())
	p.srv.Stop()
}

// unprivileged returns the credentials of the user postgres, or of nobody.
func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 == nil && err2 == nil {
			return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
		}
	}
	return nil, errors.New("running as root and neither user postgres nor nobody exists to run PostgreSQL")
}
