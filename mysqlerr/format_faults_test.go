package mysqlerr

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	kinds "gopkg.in/src-d/go-errors.v1"
)

// TestFormatFaults renders every kind of the table with sample
// arguments, and the kinds go-mysql-server v0.20.0 makes without their
// arguments as it makes them, and checks that no message a client gets
// shows a fault of Go's fmt ("%!d(MISSING)").
func TestFormatFaults(t *testing.T) {
	render := func(why string, err error, query string) string {
		t.Helper()
		got := Convert(sql.CastSQLError(err), query).Error()
		if strings.Contains(got, "%!") {
			t.Errorf("%s: %q shows a fault of fmt", why, got)
		}
		return got
	}
	for _, m := range table {
		n := len(verb.FindAllString(strings.ReplaceAll(m.kind.Message, "%%", ""), -1))
		args := make([]any, n)
		for i := range args {
			args[i] = "x"
		}
		render(m.kind.Message, m.kind.New(args...), "SELECT x FROM t")
	}
	for _, tc := range []struct {
		kind *kinds.Kind
		want string // "" when any text without fmt's faults will do
	}{
		// Regression: 1140 "in aggregated query without GROUP BY,
		// expression #%!d(MISSING) … column '%!s(MISSING)'".
		{sql.ErrNonAggregatedColumnWithoutGroupBy, "Mixing of GROUP columns (MIN(),MAX(),COUNT(),...) with no GROUP columns is illegal if there is no GROUP BY clause (errno 1140) (sqlstate 42000)"},
		{sql.ErrInvalidGISData, ""},
		{sql.ErrInvalidArgument, ""},
		{sql.ErrUnsupportedFeature, ""},
		{sql.ErrCreateTableNotSupported, ""},
	} {
		if got := render(tc.kind.Message, tc.kind.New(), "SELECT COUNT(*), ROW_NUMBER() OVER () FROM t"); tc.want != "" && got != tc.want {
			t.Errorf("%s without arguments: %q, want %q", tc.kind.Message, got, tc.want)
		}
	}
	// With its arguments, 1140 is MySQL 8's ER_MIX_OF_GROUP_FUNC_AND_FIELDS_V2.
	if got, want := render("1140", sql.ErrNonAggregatedColumnWithoutGroupBy.New(1, "t.a"), ""),
		"In aggregated query without GROUP BY, expression #1 of SELECT list contains nonaggregated column 't.a'; this is incompatible with sql_mode=only_full_group_by (errno 1140) (sqlstate 42000)"; got != want {
		t.Errorf("1140: %q, want %q", got, want)
	}
	for _, tc := range []struct{ in, want string }{
		{"could not convert %!d(string=abc) to any numerical type", "could not convert abc to any numerical type"},
		{"unsupported feature: %!s(MISSING)", "unsupported feature:"},
		{"a %!(EXTRA int=1) b", "a b"},
		{"no fault: 100%", "no fault: 100%"},
	} {
		if got := withoutFormatFaults(tc.in); got != tc.want {
			t.Errorf("withoutFormatFaults(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
