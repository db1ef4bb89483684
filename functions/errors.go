package functions

import (
	"regexp"
	"strings"

	"gopkg.in/src-d/go-errors.v1"
)

// Error kinds of simsql's SQL functions, worded as MySQL words its own.
var (
	// ErrIncorrectArguments is returned for an argument outside its documented
	// range, such as minhash(text, 0) or simhash_ngram(text, 100).
	ErrIncorrectArguments = errors.NewKind("Incorrect arguments to %s: %s")

	// ErrNotFingerprint is returned by hamming() for a value that is neither a
	// 64-bit integer nor a binary string.
	ErrNotFingerprint = errors.NewKind("Incorrect fingerprint value for %s: %s")

	// ErrLengthMismatch is returned by hamming() for binary strings of
	// different lengths.
	ErrLengthMismatch = errors.NewKind("Incorrect arguments to %s: binary strings of %d and %d bytes; Hamming distance needs equal lengths")

	// ErrIncompatibleSignatures is returned by minhash_jaccard() for two
	// signatures made with different num_perm or seed.
	ErrIncompatibleSignatures = errors.NewKind("Incorrect arguments to %s: %s")

	// ErrInvalidSignature is returned for bytes that begin like a MinHash
	// signature but are damaged or truncated.
	ErrInvalidSignature = errors.NewKind("Incorrect arguments to %s: %s")

	// ErrTextTooLong is returned for a text argument longer than MaxTextBytes.
	ErrTextTooLong = errors.NewKind("Incorrect arguments to %s: text of %d bytes is longer than the maximum of %d bytes")

	// ErrNotSupported is returned for a documented form that simsql does
	// not implement yet.
	ErrNotSupported = errors.NewKind("%s is not supported yet: %s")
)

// MySQL error numbers and SQLSTATEs of the kinds above, as MySQL gives them
// for the same faults in its own functions.
const (
	codeWrongArguments   = 1210 // ER_WRONG_ARGUMENTS: "Incorrect arguments to %s"
	codeWrongValue       = 1411 // ER_WRONG_VALUE_FOR_TYPE: "Incorrect %s value: '%s' for function %s"
	codeNotSupportedYet  = 1235 // ER_NOT_SUPPORTED_YET
	codeWrongParamCount  = 1582 // ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT
	stateGeneral         = "HY000"
	stateSyntaxOrAccess  = "42000"
	prefixWrongArguments = "Incorrect arguments to "
	prefixWrongValue     = "Incorrect fingerprint value for "
)

var paramCountMessage = regexp.MustCompile(`^function '[^']+' expected [0-9]+( to [0-9]+)? arguments?, [0-9]+ received$`)

// MySQLCode returns the MySQL error number and SQLSTATE for the message of
// an error of one of the kinds above or of sql.ErrInvalidArgumentNumber:
// 1210 (ER_WRONG_ARGUMENTS, HY000) for "Incorrect arguments to …", 1411
// (ER_WRONG_VALUE_FOR_TYPE, HY000) for ErrNotFingerprint, 1235
// (ER_NOT_SUPPORTED_YET, 42000) for ErrNotSupported and 1582
// (ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT, 42000) for a wrong argument count;
// ok is false for any other message. go-mysql-server sends such errors as
// 1105 (unknown error) and keeps only their text, so the server maps them
// by message.
func MySQLCode(msg string) (num int, state string, ok bool) {
	switch {
	case strings.HasPrefix(msg, prefixWrongArguments):
		return codeWrongArguments, stateGeneral, true
	case strings.HasPrefix(msg, prefixWrongValue):
		return codeWrongValue, stateGeneral, true
	case strings.Contains(msg, " is not supported yet: "):
		return codeNotSupportedYet, stateSyntaxOrAccess, true
	case paramCountMessage.MatchString(msg):
		return codeWrongParamCount, stateSyntaxOrAccess, true
	}
	return 0, "", false
}
