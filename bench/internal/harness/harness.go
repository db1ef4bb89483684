// Package harness holds what simsql's benchmark workloads share: building
// and starting the simsql server on 127.0.0.1, connecting to it, and
// describing the machine.
package harness

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/go-sql-driver/mysql"
	"go.etcd.io/bbolt"

	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/storage"
)

// Open returns a connection pool to db on addr as root without a password;
// statement parameters are interpolated (one round trip per statement).
func Open(addr, db string) (*sql.DB, error) {
	cfg := mysql.NewConfig()
	cfg.User = "root"
	cfg.Net = "tcp"
	cfg.Addr = addr
	cfg.DBName = db
	cfg.InterpolateParams = true
	cfg.Timeout = 10 * time.Second
	cfg.ReadTimeout = 30 * time.Minute // a peer's self-join takes minutes
	conn, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return nil, err
	}
	if err := conn.Ping(); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

// BuildSimsql builds cmd/simsql of the module this program was built from
// into dir (simsqltest.Build), saying so on standard error.
func BuildSimsql(ctx context.Context, dir, tool string) (string, error) {
	bin := filepath.Join(dir, "simsql")
	fmt.Fprintf(os.Stderr, "%s: go build ./cmd/simsql (about 70 s on a cold build cache)\n", tool)
	return bin, simsqltest.Build(ctx, bin)
}

// Workdir makes a temporary directory for benchmark tool and builds
// cmd/simsql into it (BuildSimsql); the caller removes dir when done.
func Workdir(ctx context.Context, tool string) (dir, bin string, err error) {
	if dir, err = os.MkdirTemp("", "simsql-bench-"+tool+"-"); err != nil {
		return "", "", err
	}
	if bin, err = BuildSimsql(ctx, dir, tool); err != nil {
		os.RemoveAll(dir)
		return "", "", err
	}
	return dir, bin, nil
}

// Begin starts benchmark tool: a context derived from ctx that ends after
// timeout, and a new temporary directory simsql-bench-<tool>-*, which the
// caller removes.
func Begin(ctx context.Context, tool string, timeout time.Duration) (context.Context, context.CancelFunc, string, error) {
	tmp, err := os.MkdirTemp("", "simsql-bench-"+tool+"-")
	if err != nil {
		return nil, nil, "", err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	return ctx, cancel, tmp, nil
}

// GitCommit returns `git describe --always --dirty` of the working directory.
func GitCommit() string {
	out, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// Server is a child simsql (or mariadbd) process.
type Server struct {
	Addr   string // host:port it listens on
	Cmd    *exec.Cmd
	Stderr *simsqltest.Buffer // its standard error
	Exited chan struct{}      // closed when it exits
}

// StartSimsql starts `simsql serve` on 127.0.0.1 and a free port, with
// extra flags appended, and waits (up to 60 s) for its ready line.
func StartSimsql(ctx context.Context, bin, dataDir string, extra ...string) (*Server, error) {
	args := append([]string{"serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", dataDir}, extra...)
	cmd := exec.Command(bin, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s, err := Start(cmd)
	if err != nil {
		return nil, err
	}
	lines := simsqltest.FirstLine(stdout)
	select {
	case line := <-lines:
		var ok bool
		if s.Addr, _, ok = simsqltest.ParseReady(line); ok {
			return s, nil
		}
		s.Stop()
		return nil, fmt.Errorf("simsql serve printed %q, want the ready line:\n%s", line, s.Stderr.String())
	case <-s.Exited:
		return nil, fmt.Errorf("simsql serve exited before it was ready:\n%s", s.Stderr.String())
	case <-time.After(60 * time.Second):
	case <-ctx.Done():
	}
	s.Stop()
	return nil, fmt.Errorf("simsql serve printed no ready line:\n%s", s.Stderr.String())
}

// Start starts cmd, to be killed if this process dies, with stderr
// captured; other attributes in cmd.SysProcAttr (such as credentials) are
// kept.
func Start(cmd *exec.Cmd) (*Server, error) {
	s := &Server{Cmd: cmd, Stderr: &simsqltest.Buffer{}, Exited: make(chan struct{})}
	cmd.Stderr = s.Stderr
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", cmd.Path, err)
	}
	go func() {
		cmd.Wait()
		close(s.Exited)
	}()
	return s, nil
}

// Stop sends SIGTERM and waits up to 30 s, then kills.
func (s *Server) Stop() {
	s.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.Exited:
	case <-time.After(30 * time.Second):
		s.Cmd.Process.Kill()
		<-s.Exited
	}
}

// LastLine returns the last line of b.
func LastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

// Ms returns d in milliseconds.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// CPUModel returns the model name of the first CPU in /proc/cpuinfo.
func CPUModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// QueryIDs runs q with args and returns the BIGINT of each row's only
// column.
func QueryIDs(ctx context.Context, db *sql.DB, q string, args ...any) ([]int64, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Explain returns the lines of EXPLAIN PLAN q.
func Explain(ctx context.Context, db *sql.DB, q string) (string, error) {
	rows, err := db.QueryContext(ctx, "EXPLAIN PLAN "+q)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n"), rows.Err()
}

// DirSize returns the bytes allocated to the files under dir (512-byte
// blocks, as du counts them) and their apparent size.
func DirSize(dir string) (alloc, size int64, err error) {
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			alloc += st.Blocks * 512
		}
		if info.Mode().IsRegular() {
			size += info.Size()
		}
		return nil
	})
	return alloc, size, err
}

// LoadAverage returns the 1-, 5- and 15-minute load averages of the
// machine (/proc/loadavg), zeros if they cannot be read. Benchmarks on a
// shared machine report it beside their figures.
func LoadAverage() [3]float64 {
	var l [3]float64
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return l
	}
	fmt.Sscanf(string(b), "%f %f %f", &l[0], &l[1], &l[2])
	return l
}

// ProcessCPU returns the CPU time (user and system) process pid has used
// so far, from /proc/PID/stat in clock ticks of 1/100 s; 0 if it cannot be
// read. On a shared machine the CPU time of an operation says what it
// costs when wall time says mostly how busy the machine was.
func ProcessCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime) // field 14 of the file
	fmt.Sscan(f[12], &stime) // field 15
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// BoltFile is what WalkBolt reads of a bbolt file as a whole.
type BoltFile struct {
	Bytes     int64 // the file's size
	FreePages int   // free and pending pages
	PageSize  int   // bytes
}

// WalkBolt opens the bbolt file of a stopped server at path, calls f with
// each top-level bucket, in name order, and its statistics, and returns
// the file's figures. It opens the file read-write: bbolt loads its
// freelist, for the free-page count, only then (the caller throws the
// directory away afterwards).
func WalkBolt(path string, f func(name []byte, bk *bbolt.Bucket, st bbolt.BucketStats) error) (BoltFile, error) {
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: 5 * time.Second})
	if err != nil {
		return BoltFile{}, err
	}
	defer db.Close()
	st := db.Stats()
	file := BoltFile{FreePages: st.FreePageN + st.PendingPageN, PageSize: db.Info().PageSize}
	err = db.View(func(tx *bbolt.Tx) error {
		file.Bytes = tx.Size()
		return tx.ForEach(func(name []byte, bk *bbolt.Bucket) error { return f(name, bk, bk.Stats()) })
	})
	return file, err
}

// BoltKeyspace is a top-level bucket of a bbolt file as simsql uses it.
type BoltKeyspace struct {
	Name         []byte // the keyspace's name, without a packed keyspace's prefix
	Packed       bool   // a packed keyspace (storage.PackedKeyspace)
	Keys         int    // bbolt keys (of a packed keyspace: its blocks)
	Entries      int    // the keyspace's keys (of a packed keyspace: its blocks' entries)
	Alloc, Inuse int64  // page bytes allocated, and used by elements
}

// Keyspace describes the bucket name, bk, of WalkBolt: in a packed keyspace
// it counts the entries of the blocks (storage/packed.go: format byte 1,
// then the number of entries).
func Keyspace(name []byte, bk *bbolt.Bucket, st bbolt.BucketStats) (BoltKeyspace, error) {
	k := BoltKeyspace{Name: name, Keys: st.KeyN, Entries: st.KeyN,
		Alloc: int64(st.BranchAlloc + st.LeafAlloc), Inuse: int64(st.BranchInuse + st.LeafInuse)}
	if storage.PackedHead(name) == 0 {
		return k, nil
	}
	k.Name, k.Packed, k.Entries = name[3:], true, 0
	err := bk.ForEach(func(_, v []byte) error {
		n, w := binary.Uvarint(v[min(1, len(v)):])
		if len(v) < 2 || v[0] != 1 || w <= 0 {
			return fmt.Errorf("keyspace %q: a block that is not one", k.Name)
		}
		k.Entries += int(n)
		return nil
	})
	return k, err
}
