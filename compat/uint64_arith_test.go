package compat_test

import "testing"

// TestUint64Arith pins +, -, *, DIV, % and unary minus over the whole
// BIGINT and BIGINT UNSIGNED ranges, as MySQL 8 answers them.
func TestUint64Arith(t *testing.T) {
	checkKnown(t, nil, []known{
		// The example: go-mysql-server 0.20 clamped to 9223372036854775807.
		{query: "SELECT fp + 0 FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp - 1 FROM f WHERE id = 1", want: "18446744073709551614", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp + s FROM f WHERE id = 1", want: "18446744073709551614", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp * 1 FROM f WHERE id = 2", want: "9223372036854775809", typ: "UNSIGNED BIGINT"},
		// Overflow is error 1690, never a wrapped or clamped value.
		{query: "SELECT 18446744073709551615 + 1", err: 1690},
		{query: "SELECT fp + 1 FROM f WHERE id = 1", err: 1690},
		{query: "SELECT 9223372036854775807 + 1", err: 1690},
		{query: "SELECT -9223372036854775808 - 1", err: 1690},
		{query: "SELECT fp * 2 FROM f WHERE id = 1", err: 1690},
		{query: "SELECT s * s FROM f WHERE id = 3", err: 1690},
		{query: "SELECT -1 * fp FROM f WHERE id = 1", err: 1690},
		// Mixing signs: the answer is unsigned when an argument is, and
		// must then not be negative.
		{query: "SELECT CAST(1 AS UNSIGNED) - 2", err: 1690},
		{query: "SELECT fp - s FROM f WHERE id = 1", err: 1690},
		{query: "SELECT s - fp FROM f WHERE id = 1", err: 1690},
		{query: "SELECT fp + -1 FROM f WHERE id = 4", err: 1690},
		{query: "SELECT 0 - 9223372036854775808", err: 1690}, // 9223372036854775808 is unsigned
		{query: "SELECT 0 - 9223372036854775807", want: "-9223372036854775807", typ: "BIGINT"},
		{query: "SELECT -9223372036854775808 + 18446744073709551615", want: "9223372036854775807", typ: "UNSIGNED BIGINT"},
		{query: "SELECT 1 - 2", want: "-1", typ: "BIGINT"},
		// Results beyond 64 bits are DECIMAL when an argument is.
		{query: "SELECT 18446744073709551616 - 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT fp * 18446744073709551616 FROM f WHERE id = 1", want: "340282366920938463444927863358058659840", typ: "DECIMAL"},
		// A string argument makes the arithmetic DOUBLE.
		{query: "SELECT '18446744073709551615' + 0", want: "1.8446744073709552e19", typ: "DOUBLE"},
		{query: "SELECT NULL + 1", want: "NULL", typ: "DOUBLE"},
		{query: "SELECT 1e308 * 10", err: 1690},
		// DIV: integer division, NULL (with warning 1365) by zero.
		{query: "SELECT fp DIV 2 FROM f WHERE id = 1", want: "9223372036854775807", typ: "UNSIGNED BIGINT"},
		{query: "SELECT 5 DIV 0", want: "NULL", typ: "BIGINT"},
		{query: "SELECT -7 DIV 2", want: "-3", typ: "BIGINT"},
		// The quotient -2^63 fits: MySQL divides the magnitudes and negates.
		{query: "SELECT -9223372036854775808 DIV 1", want: "-9223372036854775808", typ: "BIGINT"},
		{query: "SELECT -9223372036854775808 DIV -1", err: 1690},
		{query: "SELECT 9223372036854775808 DIV -1", err: 1690}, // unsigned, as its dividend
		{query: "SELECT 9223372036854775809 DIV -1", err: 1690},
		{query: "SELECT fp DIV -1 FROM f WHERE id = 1", err: 1690},
		{query: "SELECT -7 DIV fp FROM f WHERE id = 1", want: "0", typ: "UNSIGNED BIGINT"},
		{query: "SELECT '-5' DIV fp FROM f WHERE id = 1", want: "0", typ: "UNSIGNED BIGINT"},
		{query: "SELECT 18446744073709551616 DIV 2", err: 1690},
		{query: "SELECT 5.5 DIV 2", want: "2", typ: "BIGINT"},
		// %: the sign of the dividend; integer unless an argument is not.
		{query: "SELECT -7 % 2", want: "-1", typ: "BIGINT"},
		{query: "SELECT fp % -7 FROM f WHERE id = 1", want: "1", typ: "UNSIGNED BIGINT"},
		{query: "SELECT -7 % fp FROM f WHERE id = 1", want: "-7", typ: "BIGINT"},
		{query: "SELECT 7.5 % 2", want: "1.5", typ: "DECIMAL"},
		{query: "SELECT fp % 0 FROM f WHERE id = 1", want: "NULL"},
		{query: "SELECT MOD(fp, 7) FROM f WHERE id = 1", want: "1", typ: "UNSIGNED BIGINT"},
		{query: "SELECT MOD(-7, fp) FROM f WHERE id = 1", want: "-7", typ: "BIGINT"},
		// Unary minus: BIGINT, error 1690 when the negation does not fit;
		// DECIMAL for a constant whose negation may not fit.
		{query: "SELECT -fp FROM f WHERE id = 1", err: 1690},
		{query: "SELECT -s FROM f WHERE id = 3", err: 1690},
		{query: "SELECT -fp FROM f WHERE id = 5", err: 1690},
		{query: "SELECT -s FROM f WHERE id = 1", want: "1", typ: "BIGINT"},
		{query: "SELECT -(0 - 5)", want: "5", typ: "DECIMAL"},
		{query: "SELECT -(~0)", want: "-18446744073709551615", typ: "DECIMAL"},
		// MySQL reads an unsigned user variable as signed in DECIMAL and
		// DOUBLE context (user_var_entry::val_decimal, val_real), and so
		// does simsql: -@fp is DECIMAL 1, @fp + 0.0 is -1.0.
		{query: "SELECT -@fp", want: "1", typ: "DECIMAL"},
		{query: "SELECT @fp + 0.0", want: "-1.0", typ: "DECIMAL"},
		{query: "SELECT -9223372036854775808", want: "-9223372036854775808", typ: "BIGINT"},
		// Parameters and user variables read as literals do.
		{query: "SELECT ? + 0", params: []any{uint64(18446744073709551615)}, want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ? + 1", params: []any{uint64(18446744073709551615)}, err: 1690},
		{query: "SELECT @fp + 0", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT @fp - 1", want: "18446744073709551614", typ: "UNSIGNED BIGINT"},
	})
}

// TestNoUnsignedSubtraction pins sql_mode NO_UNSIGNED_SUBTRACTION: a - b
// is then signed, so 0 - 1 of unsigned arguments is -1, not error 1690.
func TestNoUnsignedSubtraction(t *testing.T) {
	checkKnown(t, []string{"SET sql_mode = 'NO_UNSIGNED_SUBTRACTION'"}, []known{
		{query: "SELECT CAST(0 AS UNSIGNED) - 1", want: "-1", typ: "BIGINT"},
		{query: "SELECT fp - 5 FROM f WHERE id = 4", want: "-5", typ: "BIGINT"},
		{query: "SELECT fp - 0 FROM f WHERE id = 1", err: 1690}, // 18446744073709551615 is not a BIGINT
		{query: "SELECT fp + 0 FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
	})
}
