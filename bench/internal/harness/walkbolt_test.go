package harness

import (
	"path/filepath"
	"testing"

	"go.etcd.io/bbolt"
)

// TestWalkBolt: every top-level bucket is visited in name order with its
// key count, and the file's size and page size are read.
func TestWalkBolt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		for name, n := range map[string]int{"r1": 3, "x1": 5} {
			bk, err := tx.CreateBucket([]byte(name))
			if err != nil {
				return err
			}
			for i := range n {
				if err := bk.Put([]byte{byte(i)}, []byte("v")); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pageSize := db.Info().PageSize
	db.Close()
	var got []string
	keys := map[string]int{}
	file, err := WalkBolt(path, func(name []byte, bk *bbolt.Bucket, st bbolt.BucketStats) error {
		got = append(got, string(name))
		keys[string(name)] = st.KeyN
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != "r1" || got[1] != "x1" || keys["r1"] != 3 || keys["x1"] != 5 {
		t.Errorf("buckets %v, keys %v; want [r1 x1], r1 3, x1 5", got, keys)
	}
	if file.PageSize != pageSize || file.Bytes < int64(2*pageSize) {
		t.Errorf("file %+v; want page size %d and at least two pages", file, pageSize)
	}
}
