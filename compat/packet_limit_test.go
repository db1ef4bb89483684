package compat_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/simsql/simsql/internal/mariadbtest"
)

// packetLimit is the max_allowed_packet TestPacketLimit sets on both
// servers: 1 MiB, so that answers just past it are cheap to build.
const packetLimit = 1 << 20

// TestPacketLimit holds the string functions MySQL checks against
// max_allowed_packet (compat/packet_limit.go) to MariaDB's answers and
// warnings, just below, at and above the limit, with absurd counts
// (2^63, 2^64-1, negative), on character and binary strings. Each answer
// is compared through MD5 of its HEX, which is NULL for NULL and tells ”
// apart.
func TestPacketLimit(t *testing.T) {
	m := mariadbtest.Start(t, 0, fmt.Sprintf("--max-allowed-packet=%d", packetLimit))
	maria := openConn(t, m)
	// MySQL reads the session's max_allowed_packet from the global one
	// when a client connects (SET SESSION is 1621): set the global one,
	// then start the session that is checked.
	setter := newEngine(t)
	setter.run(t, fmt.Sprintf("SET GLOBAL max_allowed_packet = %d", packetLimit))
	// MySQL 8's default (go-mysql-server 0.20's SET GLOBAL … = DEFAULT keeps the
	// current global value).
	t.Cleanup(func() { setter.run(t, "SET GLOBAL max_allowed_packet = 67108864") })
	sim := newEngine(t)
	if got := sim.answer("SELECT @@max_allowed_packet"); got.text != fmt.Sprint(packetLimit) {
		t.Fatalf("@@max_allowed_packet of a new session = %s, want %d", got, packetLimit)
	}
	for _, q := range []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE n (id INT PRIMARY KEY, u BIGINT UNSIGNED, b VARBINARY(10))",
		"INSERT INTO n VALUES (1, 18446744073709551615, X'F1'), (2, 9223372036854775808, X'')",
	} {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	const L = packetLimit
	cases := []string{
		// SPACE: Item_func_space, count * mbminlen.
		fmt.Sprintf("SPACE(%d)", L), fmt.Sprintf("SPACE(%d)", L+1), "SPACE(9223372036854775807)",
		"SPACE(9223372036854775808)", "SPACE(18446744073709551615)", "SPACE(-1)", "SPACE(0)",
		"SPACE(-9223372036854775808)", "SPACE(NULL)",
		// REPEAT: length * count.
		fmt.Sprintf("REPEAT('a', %d)", L), fmt.Sprintf("REPEAT('a', %d)", L+1),
		fmt.Sprintf("REPEAT('ab', %d)", L/2), fmt.Sprintf("REPEAT('ab', %d)", L/2+1),
		"REPEAT('a', 9223372036854775808)", "REPEAT('a', 18446744073709551615)", "REPEAT('a', -1)",
		"REPEAT('a', -9223372036854775808)", "REPEAT('a', 1e30)",
		fmt.Sprintf("REPEAT(X'F1', %d)", L), fmt.Sprintf("REPEAT(X'F1', %d)", L+1), "REPEAT(X'F1', 18446744073709551615)",
		// LPAD and RPAD: count * mbmaxlen (4, utf8mb4; 1, binary).
		fmt.Sprintf("LPAD('a', %d, 'b')", L/4), fmt.Sprintf("LPAD('a', %d, 'b')", L/4+1),
		fmt.Sprintf("RPAD('a', %d, 'b')", L/4), fmt.Sprintf("RPAD('a', %d, 'b')", L/4+1),
		"LPAD('a', 18446744073709551615, 'b')", "RPAD('a', 9223372036854775808, 'b')",
		"LPAD('a', -1, 'b')", "RPAD('abc', 2, 'b')", "LPAD('a', 5, '')",
		fmt.Sprintf("LPAD(X'F1', %d, X'00')", L), fmt.Sprintf("LPAD(X'F1', %d, X'00')", L+1),
		fmt.Sprintf("RPAD(X'F1', %d, X'00')", L+1), "RPAD(X'F1', 18446744073709551615, X'00')",
		// CONCAT and CONCAT_WS: the sum of the lengths.
		fmt.Sprintf("CONCAT(REPEAT('a', %d), REPEAT('b', %d))", L/2, L/2),
		fmt.Sprintf("CONCAT(REPEAT('a', %d), REPEAT('b', %d))", L/2, L/2+1),
		fmt.Sprintf("CONCAT(X'F1', REPEAT(X'00', %d))", L-1), fmt.Sprintf("CONCAT(X'F1', REPEAT(X'00', %d))", L),
		fmt.Sprintf("CONCAT_WS(',', REPEAT('a', %d), REPEAT('b', %d))", L/2, L/2-1),
		fmt.Sprintf("CONCAT_WS(',', REPEAT('a', %d), NULL, REPEAT('b', %d))", L/2, L/2),
		// REPLACE: the answer's length, known before it is built.
		"REPLACE(REPEAT('a', 1024), 'a', REPEAT('b', 1024))",
		"REPLACE(REPEAT('a', 1025), 'a', REPEAT('b', 1024))",
		fmt.Sprintf("REPLACE(REPEAT('a', %d), 'a', REPEAT('b', %d))", L, L),
		fmt.Sprintf("REPLACE(X'F1F1', X'F1', REPEAT(X'00', %d))", L/2), fmt.Sprintf("REPLACE(X'F1F1', X'F1', REPEAT(X'00', %d))", L/2+1),
		// INSERT: the string less what is cut, plus the new string.
		fmt.Sprintf("INSERT('abc', 1, 1, REPEAT('x', %d))", L-2),
		fmt.Sprintf("INSERT('abc', 1, 1, REPEAT('x', %d))", L-1),
		fmt.Sprintf("INSERT('abc', 1, 18446744073709551615, REPEAT('x', %d))", L),
		fmt.Sprintf("INSERT('abc', 9, 1, REPEAT('x', %d))", L),
		// EXPORT_SET: the longer of on and off for each bit, separators.
		"EXPORT_SET(5, REPEAT('y', 16000), 'n', ',', 64)", "EXPORT_SET(5, REPEAT('y', 16400), 'n', ',', 64)",
		"EXPORT_SET(5, REPEAT('y', 16400), 'n', ',', 4)", "EXPORT_SET(5, 'y', 'n', REPEAT(',', 17000))",
		// MAKE_SET: not checked, an answer past the limit stands.
		"MAKE_SET(3, REPEAT('a', 600000), REPEAT('b', 600000))", "MAKE_SET(1, REPEAT('a', 600000), REPEAT('b', 600000))",
		// TO_BASE64: 4 bytes per 3, a newline per 76.
		"TO_BASE64(REPEAT('a', 700000))", "TO_BASE64(REPEAT('a', 780000))",
		// HEX: two digits a byte (a number's digits are short).
		fmt.Sprintf("HEX(REPEAT('a', %d))", L/2), fmt.Sprintf("HEX(REPEAT('a', %d))", L/2+1),
		fmt.Sprintf("HEX(REPEAT(X'F1', %d))", L/2+1), "HEX(18446744073709551615)",
		// Counts from columns.
		"(SELECT SPACE(u) FROM n WHERE id = 1)", "(SELECT REPEAT(b, u) FROM n WHERE id = 1)",
		"(SELECT LPAD(b, u, X'00') FROM n WHERE id = 2)",
	}
	for _, c := range cases {
		// FROM a table: a statement that reads none keeps the last
		// one's warnings (MySQL's diagnostics area). LENGTH tells NULL
		// and '' apart; the value is compared through MD5 (of its ends,
		// for a binary string: MD5 of one fails, another fault).
		value := "MD5(" + c + ")"
		if strings.Contains(c, "X'") || strings.Contains(c, "(b,") {
			value = "CONCAT(HEX(LEFT(" + c + ", 4)), HEX(RIGHT(" + c + ", 4)))"
		}
		for i, x := range []string{"LENGTH(" + c + ")", value} {
			q := "SELECT " + x + " FROM n WHERE id = 1"
			want, got := mariaAnswer(maria, q), sim.answer(q)
			if want.err != got.err || want.null != got.null || want.text != got.text {
				t.Errorf("%s\n\tMariaDB: %.200s\n\tsimsql:  %.200s", q, want, got)
				break
			}
			if i > 0 {
				continue
			}
			ww, gw := mariaWarnings(t, maria), simWarnings(t, sim)
			if ww != gw {
				t.Errorf("%s: warnings\n\tMariaDB: %q\n\tsimsql:  %q", q, ww, gw)
			}
		}
	}
}

// TestSpacePrompt checks that SPACE and REPEAT of absurd counts answer
// at once at the default max_allowed_packet (go-mysql-server 0.20's SPACE
// appended one space at a time: SPACE(20000000) did not end).
func TestSpacePrompt(t *testing.T) {
	sim := newEngine(t)
	for _, q := range []string{
		"SELECT SPACE(2000000000)", "SELECT REPEAT('a', 18446744073709551615)",
		"SELECT REPLACE(REPEAT('a', 10000000), 'a', REPEAT('b', 10000000))",
		"SELECT LPAD(X'F1', 18446744073709551615, X'00')",
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		done := make(chan answer, 1)
		go func() { done <- sim.answer(q) }()
		select {
		case got := <-done:
			if !got.null {
				t.Errorf("%s = %s, want NULL", q, got)
			}
			w := simWarnings(t, sim)
			if !strings.HasPrefix(w, "1301 Result of ") || !strings.Contains(w, "was larger than max_allowed_packet (67108864) - truncated") {
				t.Errorf("%s: warnings %q, want 1301 at 67108864", q, w)
			}
		case <-ctx.Done():
			t.Fatalf("%s: no answer within 20 s", q)
		}
		cancel()
	}
	// An empty string repeated any number of times is '' at once (MariaDB
	// takes 40 s over 2^31 empty copies).
	for _, q := range []string{"SELECT REPEAT('', 18446744073709551615)", "SELECT REPEAT(X'', 9223372036854775808)"} {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		done := make(chan answer, 1)
		go func() { done <- sim.answer(q) }()
		select {
		case got := <-done:
			if got.null || got.text != "" || got.err != 0 {
				t.Errorf("%s = %s, want ''", q, got)
			}
		case <-ctx.Done():
			t.Fatalf("%s: no answer within 20 s", q)
		}
		cancel()
	}
}

// mariaWarnings is SHOW WARNINGS on c as "code message" lines.
func mariaWarnings(tb testing.TB, c *sql.Conn) string {
	tb.Helper()
	rs, err := c.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		tb.Fatal(err)
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var level, code, msg string
		if err := rs.Scan(&level, &code, &msg); err != nil {
			tb.Fatal(err)
		}
		out = append(out, code+" "+msg)
	}
	return strings.Join(out, "\n")
}

// simWarnings is SHOW WARNINGS on g as "code message" lines.
func simWarnings(tb testing.TB, g *engine) string {
	tb.Helper()
	var out []string
	for _, w := range g.rows(tb, "SHOW WARNINGS") {
		out = append(out, w[1]+" "+w[2])
	}
	return strings.Join(out, "\n")
}
