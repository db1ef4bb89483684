package compat

// Fault (go-mysql-server v0.20.0, server.bindingsToExprs and
// planbuilder.ConvertVal): a string parameter of a prepared statement
// (COM_STMT_EXECUTE; vitess reads every string type, MYSQL_TYPE_STRING,
// VAR_STRING or BLOB, as VARBINARY bytes) becomes a LONGTEXT literal of the
// connection's collation whatever its bytes, so the bytes of a binary
// value (go-sql-driver's []byte, a MinHash signature) that are not UTF-8
// were read as U+FFFD (HEX(SUBSTRING(?, 2, 3)) of 00F1789060D1E336FF was
// EFBFBD78EFBFBD, MySQL's F17890) or refused ("invalid string for charset
// utf8mb4": CONCAT(?, 'a'), REVERSE(?), MD5(?)). A LONGTEXT cannot hold
// such bytes, and MySQL types a parameter sent as a BLOB as a binary
// string: binaryLiteral makes a character-string literal whose bytes are
// not UTF-8 a binary string (LONGBLOB), when a function is built
// (newByteCall, textFunction) and, for the expressions go-mysql-server's
// planner builds itself (LIKE, REGEXP, comparisons, GROUP_CONCAT, CASE),
// in the rule binaryParams. A parameter that is UTF-8 stays text (MySQL
// gives go-sql-driver's MYSQL_TYPE_STRING the client's character set).
// Pinned by TestBinaryStrings (params), TestBinaryDifferential and
// sqltests' TestBinaryPrepared.

import (
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// ruleBinaryParams is the id of binaryParams, a pre-analysis rule.
const ruleBinaryParams analyzer.RuleId = 10_236

// binaryText returns the bytes of e when e is a UTF-8 (utf8mb4 or
// utf8mb3) character-string literal whose bytes are not UTF-8 (a bound
// binary parameter); a literal of another character set (SET NAMES
// latin1) is that set's text.
func binaryText(e sql.Expression) ([]byte, bool) {
	lit, ok := e.(*expression.Literal)
	if !ok || !types.IsText(lit.Type()) {
		return nil, false
	}
	st, ok := lit.Type().(sql.StringType)
	if !ok || st.CharacterSet() != sql.CharacterSet_utf8mb4 && st.CharacterSet() != sql.CharacterSet_utf8mb3 {
		return nil, false
	}
	switch v := lit.Value().(type) {
	case string:
		return []byte(v), !utf8.ValidString(v)
	case []byte:
		return v, !utf8.Valid(v)
	}
	return nil, false
}

// binaryLiteral returns e as a LONGBLOB literal when binaryText says it
// holds bytes that are not UTF-8, else e.
func binaryLiteral(e sql.Expression) sql.Expression {
	if b, ok := binaryText(e); ok {
		return expression.NewLiteral(b, types.LongBlob)
	}
	return e
}

// binaryLiterals returns args with each argument binaryLiteral, and
// whether one changed (args itself when none does).
func binaryLiterals(args []sql.Expression) ([]sql.Expression, bool) {
	var out []sql.Expression
	for i, a := range args {
		if b, ok := binaryText(a); ok {
			if out == nil {
				out = append([]sql.Expression{}, args...)
			}
			out[i] = expression.NewLiteral(b, types.LongBlob)
		}
	}
	if out == nil {
		return args, false
	}
	return out, true
}

// binaryParams returns n with every character-string literal whose bytes
// are not UTF-8 a binary string (binaryLiteral), but for those of an
// aggregate: go-mysql-server's WithChildren of one drops its column id
// (binaryGroupConcat makes GROUP_CONCAT's binary).
func binaryParams(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if _, ok := e.(sql.Aggregation); ok {
			return e, transform.SameTree, nil
		}
		nc, changed := binaryLiterals(e.Children())
		return withChildren(e, nc, changed)
	})
}

// withChildren is a rule's answer for e: e with children nc when changed,
// else e as it is.
func withChildren(e sql.Expression, nc []sql.Expression, changed bool) (sql.Expression, transform.TreeIdentity, error) {
	if !changed {
		return e, transform.SameTree, nil
	}
	e2, err := e.WithChildren(nc...)
	if err != nil {
		return e, transform.SameTree, err
	}
	return e2, transform.NewTree, nil
}
