package sqltests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/simsql/simsql/internal/simsqltest"
)

// mountTmpfs mounts a tmpfs of size bytes at a new directory, or skips the
// test where mounting is not allowed (not root, no CAP_SYS_ADMIN).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "none", dir).CombinedOutput(); err != nil {
		simsqltest.Require(t, "FAULTS", fmt.Sprintf("cannot mount a tmpfs here (%v: %s)", err, strings.TrimSpace(string(out))))
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	return dir
}

func remount(t *testing.T, dir, mode string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,"+mode, dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s %s: %v: %s", dir, mode, err, out)
	}
}

// TestReadOnlyDataDir: on a read-only file system the server refuses to
// start with a clear message, and the data is intact once it is writable.
func TestReadOnlyDataDir(t *testing.T) {
	mnt := mountTmpfs(t, "64m")
	dir := filepath.Join(mnt, "data")
	s := StartServer(t, "--data-dir", dir)
	db := s.DB(t)
	for _, q := range []string{"CREATE TABLE t (id INT PRIMARY KEY, v TEXT)", "INSERT INTO t VALUES (1, 'kept')"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s.Stop(t)

	remount(t, mnt, "ro")
	cmd := exec.Command(Binary(t), "serve", "--port", "0", "--data-dir", dir)
	out, err := runWithTimeout(cmd, 20*time.Second)
	if err == nil || !strings.Contains(out, "read-only file system") {
		t.Errorf("serve on a read-only data dir: %v, output %q; want a non-zero exit naming the read-only file system", err, out)
	}

	remount(t, mnt, "rw")
	s = StartServer(t, "--data-dir", dir)
	var v string
	if err := s.DB(t).QueryRow("SELECT v FROM t WHERE id = 1").Scan(&v); err != nil || v != "kept" {
		t.Errorf("after the read-only episode: %q, %v; want kept", v, err)
	}
}

// TestDiskFull: when the file system fills up, writes fail with a clear
// error, the server keeps serving, and every acknowledged row is there
// after a restart.
func TestDiskFull(t *testing.T) {
	mnt := mountTmpfs(t, "40m")
	dir := filepath.Join(mnt, "data")
	s := StartServer(t, "--data-dir", dir)
	db := s.DB(t)
	if _, err := db.Exec("CREATE TABLE big (id INT PRIMARY KEY, body LONGTEXT)"); err != nil {
		t.Fatal(err)
	}
	body := strings.Repeat("x", 1<<20)
	acked := 0
	var failure error
	for id := 1; id <= 200; id++ { // 200 MiB would not fit: bounded
		if _, err := db.Exec("INSERT INTO big VALUES (?, ?)", id, body); err != nil {
			failure = err
			break
		}
		acked = id
	}
	if failure == nil {
		t.Fatal("200 MiB of rows fitted in a 40 MiB file system")
	}
	if !strings.Contains(failure.Error(), "no space left on device") {
		t.Errorf("the failed write said %q; want it to name the full disk", failure)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM big").Scan(&n); err != nil || n != acked {
		t.Errorf("while full: %d rows (%v), want the %d acknowledged", n, err, acked)
	}
	db.Close()
	s.Stop(t)

	s = StartServer(t, "--data-dir", dir)
	db = s.DB(t)
	if err := db.QueryRow("SELECT COUNT(*) FROM big WHERE LENGTH(body) = ?", len(body)).Scan(&n); err != nil || n != acked {
		t.Errorf("after a restart: %d whole rows (%v), want the %d acknowledged", n, err, acked)
	}
	// Space freed, writes work again.
	if _, err := db.Exec("DELETE FROM big WHERE id > 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("INSERT INTO big VALUES (1000, 'small')"); err != nil {
		t.Errorf("after freeing space: %v", err)
	}
}

// runWithTimeout runs cmd and returns its combined output.
func runWithTimeout(cmd *exec.Cmd, d time.Duration) (string, error) {
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return out.String(), err
	case <-time.After(d):
		_ = cmd.Process.Kill()
		<-done
		return out.String(), os.ErrDeadlineExceeded
	}
}
