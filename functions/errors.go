package functions

import "gopkg.in/src-d/go-errors.v1"

// Error kinds of simsql's SQL functions, worded as MySQL words its own. The
// server sends them with MySQL's numbers for the same faults (package
// mysqlerr): 1210 ER_WRONG_ARGUMENTS for "Incorrect arguments to …", 1411
// ER_WRONG_VALUE_FOR_TYPE for ErrNotFingerprint, 1235 ER_NOT_SUPPORTED_YET
// for ErrNotSupported.
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
