package sqltests

import (
	"testing"
)

// TestNumericPrepared sends string parameters to GREATEST and LEAST of a
// BIGINT UNSIGNED column over the wire as server-side prepared statements
// (go-sql-driver without interpolateParams), which go-mysql-server 0.20
// refused with 1105 "Unsigned integer too big to fit on signed integer",
// and numeric functions of hexadecimal literals, 0 before
// (compat/min_max_text.go, compat/hex_numeric_args.go). MySQL 8 compares a
// number and a string as strings (Item_func_min_max::resolve_type makes
// the mix VARCHAR); MariaDB 10.11 compares them as DOUBLE, so the answers
// here are MySQL 8's, not checked on MariaDB.
func TestNumericPrepared(t *testing.T) {
	srv := sharedServer(t)
	wc := newWireConn(t, srv)
	useScratchDatabase(t, srv, wc, "numeric_prepared")
	sim := openDB(t, srv.DSN("numeric_prepared"))
	for _, q := range []string{
		"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"INSERT INTO w VALUES (1, 18446744073709551615), (2, 9223372036854775809)",
	} {
		if _, err := sim.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		query string
		param any
		want  string
	}{
		{"SELECT LEAST(fp, ?) FROM w WHERE id = 1", "5", "18446744073709551615"},
		{"SELECT GREATEST(fp, ?) FROM w WHERE id = 1", "5", "5"},
		{"SELECT GREATEST(?, fp) FROM w WHERE id = 2", "-3", "9223372036854775809"},
		{"SELECT LEAST(?, ~0) FROM w WHERE id = 1", "12", "12"},
		{"SELECT ABS(0x10) + ? FROM w WHERE id = 1", 0, "16"},
		{"SELECT SIGN(b'101') * ? FROM w WHERE id = 1", 1, "1"},
	} {
		var got string
		if err := sim.QueryRow(c.query, c.param).Scan(&got); err != nil {
			t.Errorf("%s [%v]: %v", c.query, c.param, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s [%v]: got %s, want %s", c.query, c.param, got, c.want)
		}
	}
}
