package storage

import (
	"encoding/binary"
	"fmt"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
)

// KeyFormat numbers the encodings of key components. The formats differ only in text whose
// collation does not order like bytes (utf8mb4_0900_ai_ci, utf8mb4_general_ci, …): such a
// key holds the collation's weight string, the weight of each rune as go-mysql-server's
// CollationID.Sorter gives it, so that two values the collation calls equal ('a', 'A', 'á'
// under utf8mb4_0900_ai_ci) have one key and keys sort as StringType.Compare orders the
// values (rune by rune, then the shorter first). Integers, dates, decimals, byte strings and
// text in binary-ordered collations (utf8mb4_0900_bin, utf8mb4_bin, binary) are encoded
// alike in every format. A table records the format of its keys (catalog metadata); keys
// written in one format are never compared with keys of another.
type KeyFormat uint8

const (
	// KeyFormat0 writes each weight as 4 bytes big-endian with the sign bit flipped, 0x00
	// bytes escaped (5 bytes for 'a' under utf8mb4_0900_ai_ci). Tables created before key
	// formats were numbered have it.
	KeyFormat0 KeyFormat = 0
	// KeyFormat1 writes each weight w as a prefix-free, order-preserving code, 0x00 bytes
	// escaped:
	//
	//	w < 0                 0x01, then w's 4 bytes big-endian (two's complement)
	//	0 ≤ w < 125           1 byte, 0x02 + w
	//	125 ≤ w < 16,509      2 bytes: 0x7F + (x >> 8), x & 0xFF, where x = w − 125
	//	16,509 ≤ w < 4,210,813 3 bytes: 0xBF + (x >> 16), x as 2 bytes, where x = w − 16,509
	//	larger                0xFF, then w's 4 bytes big-endian
	//
	// The first byte decides the length and orders the classes, so concatenated codes
	// compare as their weight sequences do. utf8mb4_0900_ai_ci's Latin letters take 2
	// bytes, its CJK ideographs 3.
	KeyFormat1 KeyFormat = 1

	// CurrentKeyFormat is the format of the keys of tables created now.
	CurrentKeyFormat = KeyFormat1
)

const (
	w1Base = 0           // first weight of the 1-byte codes
	w2Base = 125         // first weight of the 2-byte codes
	w3Base = 125 + 1<<14 // first weight of the 3-byte codes
	w5Base = w3Base + 64<<16
)

// Known reports whether f is a format this binary reads and writes.
func (f KeyFormat) Known() bool { return f <= CurrentKeyFormat }

// appendWeights appends the weight string of s under collation c in format f, escaped and
// terminated as byte strings are. Errors: invalid UTF-8, an unknown format.
func (f KeyFormat) appendWeights(dst []byte, s string, c sql.CollationID) ([]byte, error) {
	if !utf8.ValidString(s) {
		return dst, fmt.Errorf("storage: invalid UTF-8 in a %s key", c)
	}
	if !f.Known() {
		return dst, fmt.Errorf("storage: key format %d is newer than this binary's %d", f, CurrentKeyFormat)
	}
	weight := c.Sorter()
	var code [5]byte
	for _, r := range s {
		w := weight(r)
		var n int
		if f == KeyFormat0 {
			binary.BigEndian.PutUint32(code[:], uint32(w)^(1<<31))
			n = 4
		} else {
			n = weightCode(&code, w)
		}
		for _, b := range code[:n] {
			if b == 0 {
				dst = append(dst, 0x00, 0xFF)
			} else {
				dst = append(dst, b)
			}
		}
	}
	return append(dst, 0x00, 0x01), nil
}

// weightCode writes KeyFormat1's code of weight w into code and returns its length.
func weightCode(code *[5]byte, w int32) int {
	switch {
	case w < 0:
		code[0] = 0x01
		binary.BigEndian.PutUint32(code[1:], uint32(w))
		return 5
	case w < w2Base:
		code[0] = byte(0x02 + w - w1Base)
		return 1
	case w < w3Base:
		x := w - w2Base
		code[0], code[1] = byte(0x7F+x>>8), byte(x)
		return 2
	case w < w5Base:
		x := w - w3Base
		code[0], code[1], code[2] = byte(0xBF+x>>16), byte(x>>8), byte(x)
		return 3
	}
	code[0] = 0xFF
	binary.BigEndian.PutUint32(code[1:], uint32(w))
	return 5
}
