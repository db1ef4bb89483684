package sqltests

import (
	"fmt"
	"strings"
	"testing"
)

// TestRangeBoundsPrepared checks the out-of-range bounds of
// RangeBoundScripts as parameters of server-side prepared statements
// (go-sql-driver without interpolateParams sends them binary): an integer,
// a DOUBLE or a string beyond a TINYINT's or an INT UNSIGNED's range
// through their indexes.
func TestRangeBoundsPrepared(t *testing.T) {
	srv := sharedServer(t)
	wc := newWireConn(t, srv)
	useScratchDatabase(t, srv, wc, "range_bounds_prepared")
	db := openDB(t, srv.DSN("range_bounds_prepared"))
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, v TINYINT, KEY (v))",
		"INSERT INTO t VALUES (1,127),(2,-128),(3,0),(4,NULL)",
		"CREATE TABLE u (id INT PRIMARY KEY, v INT UNSIGNED, KEY (v))",
		"INSERT INTO u VALUES (1,4294967295),(2,0),(3,5)",
		"CREATE TABLE d (id INT PRIMARY KEY, p DECIMAL(5,2), KEY (p))",
		"INSERT INTO d VALUES (1,999.99),(2,-999.99),(3,1.5),(4,1.51)",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		query string
		args  []any
		want  string
	}{
		{"SELECT id FROM t WHERE v < ? ORDER BY id", []any{int64(1000)}, "1,2,3"},
		{"SELECT id FROM t WHERE v > ? ORDER BY id", []any{int64(-1000)}, "1,2,3"},
		{"SELECT id FROM t WHERE v < ? ORDER BY id", []any{"1000"}, "1,2,3"},
		{"SELECT id FROM t WHERE v < ? ORDER BY id", []any{127.5}, "1,2,3"},
		{"SELECT id FROM t WHERE v < ? ORDER BY id", []any{126.5}, "2,3"},
		{"SELECT id FROM t WHERE v = ? ORDER BY id", []any{int64(1000)}, ""},
		{"SELECT id FROM t WHERE v <> ? ORDER BY id", []any{int64(1000)}, "1,2,3"},
		{"SELECT id FROM t WHERE v IN (?, ?) ORDER BY id", []any{int64(1000), int64(0)}, "3"},
		{"SELECT id FROM t WHERE v NOT IN (?, ?) ORDER BY id", []any{int64(1000), int64(0)}, "1,2"},
		{"SELECT id FROM t WHERE v BETWEEN ? AND ? ORDER BY id", []any{int64(-1000), int64(1000)}, "1,2,3"},
		{"SELECT id FROM u WHERE v < ? ORDER BY id", []any{int64(4294967296)}, "1,2,3"},
		{"SELECT id FROM u WHERE v > ? ORDER BY id", []any{int64(-1)}, "1,2,3"},
		{"SELECT id FROM u WHERE v < ? ORDER BY id", []any{uint64(18446744073709551615)}, "1,2,3"},
		{"SELECT id FROM d WHERE p < ? ORDER BY id", []any{int64(1000)}, "1,2,3,4"},
		{"SELECT id FROM d WHERE p > ? ORDER BY id", []any{int64(-1000)}, "1,2,3,4"},
	} {
		rows, err := db.Query(c.query, c.args...)
		if err != nil {
			t.Errorf("%s %v: %v", c.query, c.args, err)
			continue
		}
		var ids []string
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, fmt.Sprint(id))
		}
		rows.Close()
		if got := strings.Join(ids, ","); got != c.want {
			t.Errorf("%s %v: got %q, want %q", c.query, c.args, got, c.want)
		}
	}
}
