package harness

import "testing"

func TestComponent(t *testing.T) {
	for fn, want := range map[string]string{
		"github.com/dolthub/go-mysql-server/sql/planbuilder.(*Builder).build": "go-mysql-server: parse and plan (planbuilder)",
		"github.com/dolthub/go-mysql-server/sql/rowexec.(*insertIter).Next":   "go-mysql-server: LOAD DATA row execution (sql/rowexec)",
		"go.etcd.io/bbolt.(*node).put":                                        "bbolt (storage engine)",
		"github.com/simsql/simsql/storage.EncodeKey":                          "simsql storage/ (key and row encoding)",
		"github.com/simsql/simsql/indexes.(*minhashIndex).Entries":            "simsql indexes/ (index kinds: entries, searches)",
		"runtime.scanobject": "Go runtime: garbage collection",
		"runtime.mallocgc":   "Go runtime: allocation",
		"syscall.Syscall6":   "system calls (write, fsync, read)",
		"strconv.ParseUint":  "other (standard library and other modules)",
	} {
		if got := Component(fn); got != want {
			t.Errorf("Component(%q) = %q, want %q", fn, got, want)
		}
	}
}
