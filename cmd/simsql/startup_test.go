package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/simsql/simsql/sqltests"
)

// initCost is one package's line of GODEBUG=inittrace=1: what its
// package initialization allocated.
type initCost struct {
	pkg   string
	bytes int64
}

// initCosts runs bin with args and GODEBUG=inittrace=1 and returns the
// packages' initialization costs from its stderr.
func initCosts(t *testing.T, bin string, args ...string) []initCost {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, stderr.String())
	}
	var costs []initCost
	sc := bufio.NewScanner(bytes.NewReader(stderr.Bytes()))
	for sc.Scan() {
		// init github.com/x/y @11 ms, 408 ms clock, 21309200 bytes, 40910 allocs
		f := strings.Fields(sc.Text())
		if len(f) < 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.ParseInt(f[7], 10, 64)
		if err != nil {
			t.Fatalf("inittrace line %q: %v", sc.Text(), err)
		}
		costs = append(costs, initCost{f[1], n})
	}
	if len(costs) == 0 {
		t.Fatalf("%s %v with GODEBUG=inittrace=1 printed no init lines:\n%s", bin, args, stderr.String())
	}
	return costs
}

// icuRegex is the package that compiles ICU at initialization.
const icuRegex = "github.com/dolthub/go-icu-regex"

// TestStartInitAllocations pins what simsql's package initialization
// costs every command (serve's ready line waits for it): the packages under
// each prefix allocate at most perPackage each, all packages together at
// most total. Allocation is counted, not time, so that a loaded machine
// cannot fail it. mysqlerr compiled its table's 200 regexps (1.2 MB),
// now at the first error. The largest left is go-icu-regex (a dependency
// of go-mysql-server's REGEXP functions), which compiles its ICU
// WebAssembly module at initialization (about 21 MB and 300-400 ms of
// CPU, most of start-up); it has no switch to defer that, and simsql does
// not carry a modified copy of it. Then go-mysql-server's
// information_schema tables and system variables (1.4 MB each).
func TestStartInitAllocations(t *testing.T) {
	const total = 40 << 20
	costs := initCosts(t, sqltests.Binary(t), "version")
	slices.SortFunc(costs, func(a, b initCost) int { return int(b.bytes - a.bytes) })
	var sum int64
	for _, c := range costs {
		sum += c.bytes
	}
	if sum > total {
		top := make([]string, 0, 5)
		for _, c := range costs[:min(5, len(costs))] {
			top = append(top, fmt.Sprintf("%s %d", c.pkg, c.bytes))
		}
		t.Errorf("package initialization allocates %d bytes, want at most %d (largest: %s)", sum, total, strings.Join(top, ", "))
	}
	for _, bound := range []struct {
		prefix     string
		perPackage int64
	}{
		{"github.com/simsql/simsql/", 256 << 10}, // ours: nothing that can wait for first use
		{"main", 256 << 10},
		{"", 2 << 20}, // any package but go-icu-regex
	} {
		for _, c := range costs {
			if c.pkg == icuRegex {
				continue
			}
			if strings.HasPrefix(c.pkg, bound.prefix) && c.bytes > bound.perPackage {
				t.Errorf("initialization of %s allocates %d bytes, want at most %d", c.pkg, c.bytes, bound.perPackage)
			}
		}
	}
}

// TestServeRegexpRecycling checks that the regex functions answer
// over the wire as MySQL 8 does, and keep answering past go-icu-regex's
// runtime recycling (a new runtime every 128 regexes).
func TestServeRegexpRecycling(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	for _, c := range []struct{ query, want string }{
		{"SELECT REGEXP_LIKE('abc', '^a')", "1"},
		{"SELECT 'abc' REGEXP 'x'", "0"},
		{"SELECT 'Abc' RLIKE '^abc$'", "1"}, // case-insensitive collation
		{"SELECT REGEXP_INSTR('dog cat dog', 'cat')", "5"},
		{"SELECT REGEXP_SUBSTR('abc def ghi', 'd..')", "def"},
		{"SELECT REGEXP_LIKE('中文', '^\\\\p{Han}+$')", "1"},
		{"SELECT REGEXP_LIKE(NULL, 'a')", "NULL"},
	} {
		if got := queryStrings(t, db, c.query); len(got) != 1 || len(got[0]) != 1 || got[0][0] != c.want {
			t.Errorf("%s = %v, want %s", c.query, got, c.want)
		}
	}
	// Each statement builds its own regex: 200 of them span two runtimes.
	for i := range 200 {
		var n int
		if err := db.QueryRow("SELECT REGEXP_INSTR(?, 'b+')", strings.Repeat("a", i)+"bb").Scan(&n); err != nil || n != i+1 {
			t.Fatalf("REGEXP_INSTR(%d a's then bb, 'b+') = %d, %v; want %d", i, n, err, i+1)
		}
	}
}
