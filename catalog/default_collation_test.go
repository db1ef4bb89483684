package catalog

import (
	"encoding/json"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// TestDefaultCollationRestart checks that a new data directory's simsql
// database takes MySQL 8's utf8mb4_0900_ai_ci, and that one written before
// the default changed (a database recording no collation, a table saying
// utf8mb4_0900_bin) opens after a restart and compares bytes as before,
// its new tables too.
func TestDefaultCollationRestart(t *testing.T) {
	dir := t.TempDir()
	p, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	engine := NewEngine(p)
	exec := func(q string) []sql.Row { return queryRows(t, engine, p, q) }
	exec("CREATE TABLE fresh (id INT PRIMARY KEY, s VARCHAR(10))")
	exec("INSERT INTO fresh VALUES (1, 'abc')")
	if got := exec("SELECT COUNT(*) FROM fresh WHERE s = 'ABC'"); got[0][0] != int64(1) {
		t.Errorf("new data directory: 'abc' = 'ABC' counted %v, want 1 (utf8mb4_0900_ai_ci)", got[0][0])
	}
	exec("CREATE TABLE told (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_0900_bin UNIQUE) COLLATE utf8mb4_0900_bin")
	exec("INSERT INTO told VALUES (1, 'abc')")
	// Make the database what an older binary wrote: no collation recorded.
	err = p.kv.Update(func(tx *storage.Txn) error {
		r, err := tx.Reader()
		if err != nil {
			return err
		}
		var fields map[string]any
		if err := json.Unmarshal(r.Get(bucketMeta, dbMetaKey(DefaultDatabase)), &fields); err != nil {
			return err
		}
		if fields["collation"] != "utf8mb4_0900_ai_ci" {
			t.Errorf("new database's collation %v, want utf8mb4_0900_ai_ci", fields["collation"])
		}
		delete(fields, "collation")
		raw, err := json.Marshal(fields)
		if err != nil {
			return err
		}
		return tx.Put(bucketMeta, dbMetaKey(DefaultDatabase), raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	engine.Close()
	p.Close()

	if p, err = Open(dir, storage.Options{}, testExtensions); err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	engine = NewEngine(p)
	defer engine.Close()
	exec("INSERT INTO told VALUES (2, 'ABC')")
	if got := exec("SELECT id FROM told WHERE s = 'abc'"); len(got) != 1 || got[0][0] != int32(1) {
		t.Errorf("old _bin table: s = 'abc' gave %v, want [[1]]", got)
	}
	exec("CREATE TABLE later (id INT PRIMARY KEY, s VARCHAR(10) UNIQUE)")
	exec("INSERT INTO later VALUES (1, 'abc'), (2, 'ABC')")
	if got := exec("SELECT COUNT(*) FROM later WHERE s = 'ABC'"); got[0][0] != int64(1) {
		t.Errorf("new table of an old database: 'ABC' matched %v rows, want 1 (utf8mb4_0900_bin)", got[0][0])
	}
	if got := exec("SELECT COUNT(*) FROM fresh WHERE s = 'ABC'"); got[0][0] != int64(1) {
		t.Errorf("after restart: 'abc' = 'ABC' counted %v, want 1", got[0][0])
	}
}
