package compat_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestFormatNumber holds FORMAT, INET_NTOA and OCT to MariaDB's answers
// (compat/format_number.go, inet_ntoa.go, conv.go) over the BIGINT and
// BIGINT UNSIGNED extremes, DECIMAL and DOUBLE rounding, strings and
// NULL, and FORMAT's decimals past 30 to MySQL 8's (MariaDB allows 38);
// FORMAT of divisions (their unrounded quotient), DATE, DATETIME and TIME
// values (their digits) and every MySQL locale's separators, with warning
// 1649 for a locale it does not know.
func TestFormatNumber(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	setUp := []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE u (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT, d DECIMAL(20,3), f DOUBLE)",
		"CREATE TABLE tt (id INT PRIMARY KEY, dt DATE, ts DATETIME(2), t0 DATETIME, tm TIME, ntm TIME, y YEAR, d DECIMAL(10,3))",
		"INSERT INTO tt VALUES (1, '2024-01-02', '2024-01-02 03:04:05.50', '1999-12-31 23:59:59', '12:34:56', '-00:00:01', 2024, 1234.568)",
		"INSERT INTO u VALUES (1, 18446744073709551615, -9223372036854775808, -12345.6785, 2.5), " +
			"(2, 12345678901234567890, 9223372036854775807, 0.0005, -0.5), (3, NULL, NULL, NULL, NULL)",
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	cases := []string{
		"SELECT FORMAT(18446744073709551615, 0)", "SELECT FORMAT(-9223372036854775808, 2)",
		"SELECT FORMAT(9223372036854775807, 0)", "SELECT FORMAT(9007199254740993, 0)",
		"SELECT FORMAT(12345.678, 2)", "SELECT FORMAT(1e20, 2)", "SELECT FORMAT(1e300, 2)", "SELECT FORMAT(123.456e0, 1)",
		"SELECT FORMAT(1.005, 2)", "SELECT FORMAT(-1.005, 2)", "SELECT FORMAT(2.5, 0)", "SELECT FORMAT(-2.5, 0)",
		"SELECT FORMAT(1.005e0, 2)", "SELECT FORMAT(2.5e0, 0)", "SELECT FORMAT(0.5e0, 0)", "SELECT FORMAT(-0.0001, 2)",
		"SELECT FORMAT(999.999, 2)", "SELECT FORMAT(-999.995, 2)", "SELECT FORMAT(1234567.891, -2)",
		"SELECT FORMAT('1234.5', 1)", "SELECT FORMAT(NULL, 2)", "SELECT FORMAT(12, NULL)", "SELECT FORMAT(0, 3)", "SELECT FORMAT(123, 1.6)",
		"SELECT FORMAT(1234567.891, 2, 'de_DE')", "SELECT FORMAT(1234567.891, 2, 'en_US')", "SELECT FORMAT(12345678901234567890, 1, 'de_DE')",
		"SELECT FORMAT(fp, 2) FROM u WHERE id = 1", "SELECT FORMAT(fp, 0) FROM u WHERE id = 2", "SELECT FORMAT(s, 3) FROM u WHERE id = 1",
		"SELECT FORMAT(s, 0) FROM u WHERE id = 2", "SELECT FORMAT(d, 2) FROM u WHERE id = 1", "SELECT FORMAT(d, 3) FROM u WHERE id = 2",
		"SELECT FORMAT(f, 0) FROM u WHERE id = 1", "SELECT FORMAT(f, 0) FROM u WHERE id = 2", "SELECT FORMAT(fp, 2) FROM u WHERE id = 3",
		"SELECT INET_NTOA(4294967295)", "SELECT INET_NTOA(3944680146)", "SELECT INET_NTOA(4294967296)", "SELECT INET_NTOA(-1)",
		"SELECT INET_NTOA(18446744073709551615)", "SELECT INET_NTOA(2.5)", "SELECT INET_NTOA(2.5e0)", "SELECT INET_NTOA('3944680146')",
		"SELECT INET_NTOA('abc')", "SELECT INET_NTOA(NULL)", "SELECT INET_NTOA(0)", "SELECT INET_NTOA(16909060)",
		"SELECT INET_NTOA(fp % 4294967296) FROM u WHERE id = 1", "SELECT INET_NTOA(fp % 4294967296) FROM u WHERE id = 2",
		"SELECT INET_NTOA(fp) FROM u WHERE id = 1", "SELECT INET_NTOA(s) FROM u WHERE id = 1",
		"SELECT LENGTH(QUOTE(REPEAT('a', 70000)))", "SELECT QUOTE('a''b\\\\c')", "SELECT HEX(QUOTE(UNHEX('78001A79')))", "SELECT HEX(QUOTE(X'F1275C'))",
		"SELECT QUOTE('中文')", "SELECT QUOTE('')", "SELECT QUOTE(NULL)", "SELECT QUOTE(12.50)",
		"SELECT OCT(8)", "SELECT OCT(-8)", "SELECT OCT('12')", "SELECT OCT(1.9)", "SELECT OCT(NULL)", "SELECT OCT('abc')",
		"SELECT OCT(18446744073709551615)", "SELECT OCT(1e19)", "SELECT OCT(fp) FROM u WHERE id = 2", "SELECT OCT(s) FROM u WHERE id = 1",
		// A quotient is formatted from its 9-digit words (0.666666666), not
		// its 4-digit display: '0.666667', '0.3333333330'.
		"SELECT FORMAT(2/3, 6)", "SELECT FORMAT(2/3, 2)", "SELECT FORMAT(1/3, 10)", "SELECT FORMAT(1/7, 30)",
		"SELECT FORMAT(10/4, 5)", "SELECT FORMAT(2/3*3, 6)", "SELECT FORMAT(-5/3, 6)", "SELECT FORMAT(d/7, 8) FROM tt",
		"SELECT FORMAT(1/3 + 1/3, 9)", "SELECT FORMAT(ROUND(2/3, 2), 6)", "SELECT FORMAT(CAST(2/3 AS DECIMAL(10,8)), 6)",
		"SELECT FORMAT(1.5*1.25, 6)", "SELECT FORMAT(1/3e0, 20)", "SELECT FORMAT(0.1e0+0.2e0, 20)", "SELECT FORMAT(2/3, 6, 'de_DE')",
		"SELECT FORMAT(123456789012345678901234567890.123456789, 4)", "SELECT FORMAT(-123456789012345678901234567890.5, 0)",
		"SELECT FORMAT(99999999999999999999999999999999999.99999, 3)", "SELECT FORMAT('1e3', 2)", "SELECT FORMAT('abc', 2)",
		// A DATE, DATETIME or TIME is its digits (val_real), a YEAR its number.
		"SELECT FORMAT(dt, 1) FROM tt", "SELECT FORMAT(ts, 1) FROM tt", "SELECT FORMAT(ts, 3) FROM tt", "SELECT FORMAT(t0, 0) FROM tt",
		"SELECT FORMAT(tm, 2) FROM tt", "SELECT FORMAT(ntm, 2) FROM tt", "SELECT FORMAT(y, 1) FROM tt", "SELECT FORMAT(DATE '2024-01-02', 2)",
		"SELECT FORMAT(TIMESTAMP '2024-01-02 03:04:05', 2)", "SELECT FORMAT(dt, 2, 'de_DE') FROM tt",
	}
	// Every locale of MySQL 8 (MariaDB's but ka_GE), in its case and in
	// another, negative, with and without a fraction.
	for _, l := range strings.Fields(mysqlLocales) {
		cases = append(cases, fmt.Sprintf("SELECT FORMAT(-1234567890123.25, 2, '%s')", l), fmt.Sprintf("SELECT FORMAT(12345, 0, '%s')", strings.ToUpper(l)))
	}
	for _, q := range cases {
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.err != got.err || want.null != got.null || want.text != got.text {
			t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
		}
	}
	for _, q := range []string{
		"SELECT FORMAT(1234.5, 2, 'xx_YY')", "SELECT FORMAT(1234.5, 2, NULL)", "SELECT FORMAT(1234.5, 2, 'de_DE ')",
	} {
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.text != got.text {
			t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
		}
		if w, g := mariaWarnings(t, maria), simWarnings(t, sim); w != g {
			t.Errorf("%s: warnings\n\tMariaDB: %q\n\tsimsql:  %q", q, w, g)
		}
	}
	// MySQL 8 caps FORMAT's decimals at 30 (FORMAT_MAX_DECIMALS); MariaDB
	// at 38.
	if got := sim.answer("SELECT FORMAT(1234567.891, 40)"); got.text != "1,234,567.891000000000000000000000000000" {
		t.Errorf("FORMAT(1234567.891, 40) = %s, want 1,234,567.891 with 30 decimals", got)
	}
	if got := sim.answer("SELECT FORMAT(2/3, 40)"); got.text != "0.666666666000000000000000000000" {
		t.Errorf("FORMAT(2/3, 40) = %s, want the quotient's 9 digits padded to 30", got)
	}
}

// mysqlLocales are the locale names of MySQL 8's sql_locale.cc.
const mysqlLocales = `ar_AE ar_BH ar_DZ ar_EG ar_IN ar_IQ ar_JO ar_KW ar_LB ar_LY ar_MA ar_OM ar_QA ar_SA ar_SD ar_SY ar_TN ar_YE
be_BY bg_BG ca_ES cs_CZ da_DK de_AT de_BE de_CH de_DE de_LU el_GR en_AU en_CA en_GB en_IN en_NZ en_PH en_US en_ZA en_ZW
es_AR es_BO es_CL es_CO es_CR es_DO es_EC es_ES es_GT es_HN es_MX es_NI es_PA es_PE es_PR es_PY es_SV es_US es_UY es_VE
et_EE eu_ES fi_FI fo_FO fr_BE fr_CA fr_CH fr_FR fr_LU gl_ES gu_IN he_IL hi_IN hr_HR hu_HU id_ID is_IS it_CH it_IT ja_JP
ko_KR lt_LT lv_LV mk_MK mn_MN ms_MY nb_NO nl_BE nl_NL no_NO pl_PL pt_BR pt_PT rm_CH ro_RO ru_RU ru_UA sk_SK sl_SI sq_AL
sr_RS sr_YU sv_FI sv_SE ta_IN te_IN th_TH tr_TR uk_UA ur_PK vi_VN zh_CN zh_HK zh_TW`
