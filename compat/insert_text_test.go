package compat_test

import "testing"

// TestInsertText holds INSERT(s, pos, len, newstr) of character strings
// to MariaDB's answers (compat/insert_text.go): characters, not bytes,
// positions outside s, negative and long lengths, NULLs, numbers.
func TestInsertText(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	for _, q := range []string{
		"SELECT INSERT('Quadratic', 3, 4, 'What')",
		"SELECT INSERT('Quadratic', -1, 4, 'What')",
		"SELECT INSERT('Quadratic', 0, 4, 'What')",
		"SELECT INSERT('Quadratic', 9, 4, 'What')",
		"SELECT INSERT('Quadratic', 10, 4, 'What')",
		"SELECT INSERT('Quadratic', 3, 100, 'What')",
		"SELECT INSERT('Quadratic', 3, -1, 'What')",
		"SELECT INSERT('Quadratic', 3, 0, 'What')",
		"SELECT INSERT('中文字符串', 2, 2, '漢')",
		"SELECT LENGTH(INSERT('中文字符串', 2, 2, 'ab'))",
		"SELECT INSERT('', 1, 1, 'x')",
		"SELECT INSERT(NULL, 1, 1, 'x')",
		"SELECT INSERT('abc', NULL, 1, 'x')",
		"SELECT INSERT('abc', 1, NULL, 'x')",
		"SELECT INSERT('abc', 1, 1, NULL)",
		"SELECT INSERT(12345, 2, 2, 'x')",
		"SELECT INSERT('abc', '2', 1.4, 9)",
		"SELECT INSERT('abc', 2, 1, 1.50)",
	} {
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.err != got.err || want.null != got.null || want.text != got.text {
			t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
		}
	}
}
