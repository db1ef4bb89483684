package sqltests

import (
	"context"
	"testing"
)

func TestIntegerScripts(t *testing.T) {
	runScripts(t, IntegerScripts)
}

func TestBinaryStringScripts(t *testing.T) {
	runScripts(t, BinaryStringScripts)
}

// TestIntegerColumnTypes checks, over the wire, the column types MySQL 8
// reports for integer expressions (go-mysql-server 0.20 sent DOUBLE for
// fp | 0 and SUM(fp)), and that prepared-statement parameters above 2^63
// reach the operators as BIGINT UNSIGNED.
func TestIntegerColumnTypes(t *testing.T) {
	srv := StartServer(t)
	db := srv.DB(t)
	ctx := context.Background()
	for _, q := range []string{
		"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"INSERT INTO w VALUES (1, 18446744073709551615)",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct {
		query string
		args  []any
		typ   string
		value string
	}{
		{"SELECT fp | 0 FROM w", nil, "UNSIGNED BIGINT", "18446744073709551615"},
		{"SELECT fp ^ ? FROM w", []any{uint64(18446744073709551614)}, "UNSIGNED BIGINT", "1"},
		{"SELECT fp + 0 FROM w", nil, "UNSIGNED BIGINT", "18446744073709551615"},
		{"SELECT ? + 0", []any{uint64(18446744073709551615)}, "UNSIGNED BIGINT", "18446744073709551615"},
		{"SELECT CAST(fp AS SIGNED) FROM w", nil, "BIGINT", "-1"},
		{"SELECT fp >> 48 FROM w", nil, "UNSIGNED BIGINT", "65535"},
		{"SELECT BIT_COUNT(fp) FROM w", nil, "BIGINT", "64"},
		{"SELECT ~0", nil, "UNSIGNED BIGINT", "18446744073709551615"},
		{"SELECT -(0 - 5)", nil, "DECIMAL", "5"},
		{"SELECT '5' + 1", nil, "DOUBLE", "6"},
		{"SELECT SUM(fp) FROM w", nil, "DECIMAL", "18446744073709551615"},
		{"SELECT AVG(fp) FROM w", nil, "DECIMAL", "18446744073709551615.0000"},
	} {
		rows, err := db.QueryContext(ctx, c.query, c.args...)
		if err != nil {
			t.Errorf("%s: %v", c.query, err)
			continue
		}
		cts, err := rows.ColumnTypes()
		if err != nil {
			t.Fatal(err)
		}
		var v string
		if !rows.Next() {
			t.Errorf("%s: no row", c.query)
		} else if err := rows.Scan(&v); err != nil {
			t.Errorf("%s: %v", c.query, err)
		}
		rows.Close()
		if got := cts[0].DatabaseTypeName(); got != c.typ || v != c.value {
			t.Errorf("%s: got %s %s, want %s %s", c.query, got, v, c.typ, c.value)
		}
	}
}
