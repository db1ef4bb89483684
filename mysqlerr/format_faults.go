package mysqlerr

import (
	"fmt"
	"regexp"
	"strings"
)

// go-mysql-server v0.20.0 makes some errors without the arguments their
// formats name (sql.ErrNonAggregatedColumnWithoutGroupBy.New() in
// planbuilder/aggregates.go, ErrInvalidGISData.New() in the spatial
// functions, ErrUnsupportedFeature.New() in planbuilder/set.go,
// ErrCreateTableNotSupported.New() in rowexec/ddl_iters.go) or with an
// argument of the wrong verb ("could not convert %d…" of a string in
// planbuilder/scalar.go), and Go's fmt writes its faults into the text:
// "expression #%!d(MISSING)", "%!d(string=abc)". No client should see
// them: the table words 1140 as MySQL does (mixOfGroupFuncAndFields), and
// withoutFormatFaults cleans any other message. Pinned by
// TestFormatFaults (format_faults_test.go), which renders every kind of
// the table with sample arguments and those kinds without theirs.

// formatFault matches a fault Go's fmt writes into a message: %!v(MISSING),
// %!v(type=value), %!(EXTRA type=value, …), %!(NOVERB) and the like.
var formatFault = regexp.MustCompile(`%!(?:[a-zA-Z]?\((?:MISSING|NOVERB|BADWIDTH|BADPREC|BADINDEX)\)|[a-zA-Z]\(([^=()]*)=([^()]*)\)|\(EXTRA [^()]*\))`)

// withoutFormatFaults returns msg with each fault of fmt replaced by the
// value it shows (%!d(string=abc) is abc) or removed, its spaces tidied.
func withoutFormatFaults(msg string) string {
	if !strings.Contains(msg, "%!") {
		return msg
	}
	out := formatFault.ReplaceAllStringFunc(msg, func(f string) string {
		return formatFault.FindStringSubmatch(f)[2]
	})
	return strings.Join(strings.Fields(out), " ")
}

// mixOfGroupFuncAndFields words go-mysql-server's 1140 as MySQL 8: its
// ER_MIX_OF_GROUP_FUNC_AND_FIELDS_V2 naming the expression and column
// when go-mysql-server gives them, else the wording of 1140 that names
// none (MariaDB 10.11's, and MySQL's before 5.7).
func mixOfGroupFuncAndFields(m []string, _ string) string {
	if strings.Contains(m[0], "%!") {
		return "Mixing of GROUP columns (MIN(),MAX(),COUNT(),...) with no GROUP columns is illegal if there is no GROUP BY clause"
	}
	return fmt.Sprintf("In aggregated query without GROUP BY, expression #%s of SELECT list contains nonaggregated column '%s'; this is incompatible with sql_mode=only_full_group_by", m[1], m[2])
}
