package compat

import (
	"context"
	"strings"
	"unicode/utf8"
	_ "unsafe" // go:linkname, below

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/encodings"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Fault (go-mysql-server v0.20.0, sql/charactersets.go): the multi-byte
// character sets gbk, big5, ujis, sjis and euckr have no encoder and their
// collations no sorter, so that every use of one was a nil dereference:
// CONVERT('a' USING gbk), CONVERT(0xD6D0CEC4 USING gbk), HEX or LENGTH
// of such a value panicked, LOAD DATA … CHARACTER SET gbk stored the raw
// bytes (then refused as UTF-8: ''), and a client connecting with gbk was
// refused. The latin1 encoder (a range map) panicked on a string that is
// not UTF-8 ("slice bounds out of range") and failed, where MySQL sends
// '?', on a character latin1 lacks: a latin1 client's SELECT of '中文'
// failed whole. MySQL 8 converts between these sets and Unicode with its
// tables (strings/ctype-gbk.cc, ctype-big5.cc, ctype-ujis.cc, ctype-sjis.cc,
// ctype-euc_kr.cc); golang.org/x/text holds the same mappings (GBK,
// Big5, EUC-JP, Shift JIS, EUC-KR), and installCharsets gives
// go-mysql-server's tables an encoder over them and a sorter to each of
// their collations: the _bin collations order by the character's code
// in the set, as MySQL's compare the bytes; the default (_ci) ones fold
// ASCII letters to upper case, as their sort_order tables do, and order
// the others by code too (MySQL's gbk_chinese_ci and big5_chinese_ci
// weigh multi-byte characters with their own tables, gbksortorder and
// big5strokexfrm, which mostly keep the code order: pinyin order for
// GB2312's level-1 characters, stroke order for Big5). go-mysql-server
// holds text as UTF-8 whatever its character set and encodes it at the
// edges (HEX, LENGTH, the wire), so an encoder is all a set needs.
// The latin1 encoder is wrapped to send '?' for a character latin1 lacks,
// as MySQL converts to the client (my_convert, "?" for an unmappable
// character), and to refuse, not panic on, bytes that are not UTF-8.
// The tables are go-mysql-server's unexported characterSetArray and
// collationArray, reached by go:linkname: the day go-mysql-server fills
// them, delete this file. Pinned by CharsetScripts "CONVERT … USING
// gbk, big5, ujis" and "a gbk table and ORDER BY CONVERT(… USING gbk)",
// the LOAD DATA cases "CHARACTER SET gbk" and "big5", and TestLatin1Client.

//go:linkname gmsCharacterSets github.com/dolthub/go-mysql-server/sql.characterSetArray
var gmsCharacterSets [256]sql.CharacterSet

//go:linkname gmsCollations github.com/dolthub/go-mysql-server/sql.collationArray
var gmsCollations [324]sql.Collation

// multiByteSets are the character sets installCharsets gives an encoder,
// with x/text's encoding of each.
var multiByteSets = []struct {
	id  sql.CharacterSetID
	enc encoding.Encoding
}{
	{sql.CharacterSet_gbk, simplifiedchinese.GBK},
	{sql.CharacterSet_big5, traditionalchinese.Big5},
	{sql.CharacterSet_ujis, japanese.EUCJP},
	{sql.CharacterSet_sjis, japanese.ShiftJIS},
	{sql.CharacterSet_euckr, korean.EUCKR},
}

func init() { installCharsets() }

// installCharsets fills go-mysql-server's character set and collation
// tables as the doc comment above says; it is idempotent.
func installCharsets() {
	for _, s := range multiByteSets {
		cs := &gmsCharacterSets[s.id]
		if cs.Encoder != nil {
			continue
		}
		enc := &textEncoder{enc: s.enc}
		cs.Encoder = enc
		for i := range gmsCollations {
			c := &gmsCollations[i]
			if c.CharacterSet != s.id || c.Sorter != nil || c.ID == 0 {
				continue
			}
			c.Sorter = codeSorter(enc, !c.IsCaseSensitive)
		}
	}
	if _, ok := gmsCharacterSets[sql.CharacterSet_latin1].Encoder.(lenientEncoder); !ok {
		gmsCharacterSets[sql.CharacterSet_latin1].Encoder = lenientEncoder{encodings.Latin1}
	}
}

// codeSorter returns the weight of a rune in a multi-byte set: its code in
// the set (up to three bytes, big-endian), an ASCII letter upper-cased
// when foldCase; a rune the set lacks weighs above every code, in rune
// order.
func codeSorter(enc *textEncoder, foldCase bool) sql.CollationSorter {
	return func(r rune) int32 {
		if r < utf8.RuneSelf {
			if foldCase && 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			return r
		}
		b, ok := enc.EncodeRune([]byte(string(r)))
		if !ok {
			return 1<<24 + r
		}
		var w int32
		for _, c := range b {
			w = w<<8 | int32(c)
		}
		return w
	}
}

// textEncoder is an encodings.Encoder over an x/text encoding. Text is
// UTF-8 inside go-mysql-server whatever its character set; Encode gives a
// string's bytes in the set, Decode reads them back.
type textEncoder struct{ enc encoding.Encoding }

var _ encodings.Encoder = (*textEncoder)(nil)

// Decode implements encodings.Encoder: false for bytes the set does not
// map (x/text decodes them as U+FFFD).
func (e *textEncoder) Decode(str []byte) ([]byte, bool) {
	out, err := e.enc.NewDecoder().Bytes(str)
	if err != nil || !utf8.Valid(out) || strings.ContainsRune(string(out), utf8.RuneError) {
		return nil, false
	}
	return out, true
}

// Encode implements encodings.Encoder: false for a string that is not
// UTF-8 or holds a character the set lacks.
func (e *textEncoder) Encode(str []byte) ([]byte, bool) {
	if !utf8.Valid(str) {
		return nil, false
	}
	out, err := e.enc.NewEncoder().Bytes(str)
	return out, err == nil
}

// EncodeReplaceUnknown implements encodings.Encoder: '?' for each
// character the set lacks, and for each byte that is not UTF-8.
func (e *textEncoder) EncodeReplaceUnknown(str []byte) []byte {
	out := make([]byte, 0, len(str))
	enc := e.enc.NewEncoder()
	for len(str) > 0 {
		r, n := utf8.DecodeRune(str)
		if r == utf8.RuneError && n <= 1 {
			out, str = append(out, '?'), str[1:]
			continue
		}
		b, err := enc.Bytes(str[:n])
		if err != nil {
			b = []byte{'?'}
		}
		out, str = append(out, b...), str[n:]
	}
	return out
}

// DecodeRune implements encodings.Encoder.
func (e *textEncoder) DecodeRune(r []byte) ([]byte, bool) { return e.Decode(r) }

// EncodeRune implements encodings.Encoder.
func (e *textEncoder) EncodeRune(r []byte) ([]byte, bool) { return e.Encode(r) }

// Uppercase implements encodings.Encoder.
func (e *textEncoder) Uppercase(str string) string { return strings.ToUpper(str) }

// Lowercase implements encodings.Encoder.
func (e *textEncoder) Lowercase(str string) string { return strings.ToLower(str) }

// UppercaseRune implements encodings.Encoder.
func (e *textEncoder) UppercaseRune(r rune) rune { return encodings.Utf8mb4.UppercaseRune(r) }

// LowercaseRune implements encodings.Encoder.
func (e *textEncoder) LowercaseRune(r rune) rune { return encodings.Utf8mb4.LowercaseRune(r) }

// NextRune implements encodings.Encoder: the text is UTF-8.
func (e *textEncoder) NextRune(str string) (rune, int) { return utf8.DecodeRuneInString(str) }

// IsReturnSafe implements encodings.Encoder.
func (e *textEncoder) IsReturnSafe() bool { return true }

// lenientEncoder is a single-byte encoder whose Encode gives '?' for a
// character the set lacks, as MySQL converts, and refuses bytes that are
// not UTF-8 (go-mysql-server's range map panics on them).
type lenientEncoder struct{ encodings.Encoder }

// Encode implements encodings.Encoder.
func (e lenientEncoder) Encode(str []byte) ([]byte, bool) {
	if !utf8.Valid(str) {
		return nil, false
	}
	return e.Encoder.EncodeReplaceUnknown(str), true
}

// EncodeReplaceUnknown implements encodings.Encoder: '?' for bytes that
// are not UTF-8 too.
func (e lenientEncoder) EncodeReplaceUnknown(str []byte) []byte {
	if !utf8.Valid(str) {
		str = []byte(strings.ToValidUTF8(string(str), "?"))
	}
	return e.Encoder.EncodeReplaceUnknown(str)
}

// EncodeRune implements encodings.Encoder.
func (e lenientEncoder) EncodeRune(r []byte) ([]byte, bool) {
	if !utf8.Valid(r) {
		return nil, false
	}
	return e.Encoder.EncodeRune(r)
}

// WellFormed returns the text of b, bytes of the character set cs, as
// UTF-8, and the length of b's longest prefix of characters of cs (MySQL's
// well_formed_len): the text is that prefix's. A character set without an
// encoder, and binary, take every byte.
func WellFormed(cs sql.CharacterSetID, b []byte) (string, int) {
	enc := cs.Encoder()
	switch {
	case cs == sql.CharacterSet_binary || enc == nil:
		return string(b), len(b)
	case cs == sql.CharacterSet_utf8mb4 || cs == sql.CharacterSet_utf8mb3:
		n := 0
		for n < len(b) {
			r, size := utf8.DecodeRune(b[n:])
			if r == utf8.RuneError && size <= 1 || size == 4 && cs == sql.CharacterSet_utf8mb3 {
				break
			}
			n += size
		}
		return string(b[:n]), n
	}
	if d, ok := enc.Decode(b); ok {
		return string(d), len(b)
	}
	var text strings.Builder
	n := 0
	for n < len(b) {
		size := 0
		for l := 1; l <= int(cs.MaxLength()) && n+l <= len(b); l++ {
			if d, ok := enc.DecodeRune(b[n : n+l]); ok && len(d) > 0 && utf8.Valid(d) {
				text.Write(d)
				size = l
				break
			}
		}
		if size == 0 {
			break
		}
		n += size
	}
	return text.String(), n
}

// clientText returns query, sent in the connection's character_set_client,
// as UTF-8 text, and the function that gives a suffix of the text back in
// the client's bytes (the rest of a multi-statement query, parsed again
// later). go-mysql-server parsed the bytes as UTF-8, so a latin1 client's
// 'caf\xE9' was error 1366 and HEX('caf\xE9') panicked; MySQL 8 reads the
// statement in character_set_client (a latin1 client's 'café' is stored
// as 'café'). A UTF-8 or binary client, or a set without an encoder, is
// taken as it is. Pinned by TestLatin1Client.
func clientText(ctx context.Context, query string) (string, func(string) string) {
	same := func(s string) string { return s }
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx == nil || sctx.Session == nil {
		return query, same
	}
	v, err := sctx.GetSessionVariable(sctx, "character_set_client")
	name, _ := v.(string)
	if err != nil || name == "" {
		return query, same
	}
	cs, err := sql.ParseCharacterSet(name)
	if err != nil || cs == sql.CharacterSet_binary || cs == sql.CharacterSet_utf8mb4 || cs == sql.CharacterSet_utf8mb3 || cs.Encoder() == nil {
		return query, same
	}
	text, n := WellFormed(cs, []byte(query))
	if n != len(query) {
		return query, same // go-mysql-server refuses what cs does not map
	}
	enc := cs.Encoder()
	return text, func(s string) string { return string(enc.EncodeReplaceUnknown([]byte(s))) }
}
