package catalog

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/plan"
)

// BenchmarkFieldReader reads 100,000 tab-separated records of three fields
// (66 bytes each) as LOAD DATA does, against bytes.Split of the same lines
// (what go-mysql-server 0.20's reader did, without escapes) as the
// baseline.
func BenchmarkFieldReader(b *testing.B) {
	var data bytes.Buffer
	for i := range 100_000 {
		fmt.Fprintf(&data, "%d\t%d\ttitle number %d with some words\n", i, uint64(i)*0x9e3779b97f4a7c15, i)
	}
	ld := plan.NewLoadData(false, "", nil, nil, nil, 0, "")
	b.Run("fieldReader", func(b *testing.B) {
		b.SetBytes(int64(data.Len()))
		for b.Loop() {
			fr := newFieldReader(bufio.NewReaderSize(bytes.NewReader(data.Bytes()), 1<<16), ld)
			for {
				if _, err := fr.record(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(data.Len()))
		for b.Loop() {
			sc := bufio.NewScanner(bytes.NewReader(data.Bytes()))
			for sc.Scan() {
				f := bytes.Split(sc.Bytes(), []byte("\t"))
				for _, x := range f {
					_ = string(x)
				}
			}
		}
	})
}

// FuzzRecordReaders reads arbitrary files with both LOAD DATA readers:
// neither panics nor loops, every record of the fixed-width reader has at
// most one field per width (plus the marker of a cut line), each no wider
// than its width, and, with no line terminator, a file of whole records
// without an escape comes back exactly.
func FuzzRecordReaders(f *testing.F) {
	for _, s := range []string{"", "\n", "a\tb\n\nc", "\"x\",\"y\"\"z\"\n", "  1abc\n 22de\\tf\nlonger than the record\n", "\\", "xx> ab\n"} {
		f.Add([]byte(s), byte('\t'), byte('"'), byte('\\'), uint8(3))
	}
	// The quote as the escape character (ENCLOSED BY '"' ESCAPED BY '"').
	f.Add([]byte("1;\"a\"\"b\"\n2;\"c\"\n3;x\"\"y\"\n\""), byte(';'), byte('"'), byte('"'), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, term, quote, esc byte, width uint8) {
		ld := plan.NewLoadData(false, "", nil, nil, nil, 0, "")
		ld.FieldsTerminatedBy, ld.FieldsEnclosedBy, ld.FieldsEscapedBy = string(term), string(quote), string(esc)
		if term == '\n' {
			ld.FieldsTerminatedBy = ","
		}
		fr := newFieldReader(bufio.NewReader(bytes.NewReader(data)), ld)
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("field reader: more records than bytes in %q", data)
			}
			if _, err := fr.record(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
		}
		widths := []int{int(width%8) + 1, 2, int(width%3) + 1}
		ld.FieldsEscapedBy = string(esc)
		if width%2 == 0 {
			ld.LinesTerminatedBy = ""
		}
		xr := newFixedReader(bufio.NewReader(bytes.NewReader(data)), ld, widths)
		var whole bytes.Buffer
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("fixed reader: more records than bytes in %q", data)
			}
			fields, err := xr.record()
			if err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if len(fields) > len(widths)+1 {
				t.Fatalf("fixed reader: %d fields for %d widths", len(fields), len(widths))
			}
			for j, v := range fields {
				if v == nil {
					if j != len(widths) {
						t.Fatalf("fixed reader: a nil field at %d", j)
					}
					continue
				}
				if len(*v) > widths[j] {
					t.Fatalf("fixed reader: field %d is %d bytes wide, its width %d", j, len(*v), widths[j])
				}
				whole.WriteString(*v)
			}
		}
		if ld.LinesTerminatedBy == "" && bytes.IndexByte(data, esc) < 0 && len(data)%(widths[0]+widths[1]+widths[2]) == 0 && !bytes.Equal(whole.Bytes(), data) {
			t.Fatalf("fixed reader: %q read back as %q", data, whole.Bytes())
		}
	})
}

// TestLoadDataLatin1Text pins latin1Text, LOAD DATA … CHARACTER SET
// latin1's conversion: MySQL's latin1 is cp1252 with the C1 controls for
// the five bytes cp1252 leaves undefined.
func TestLoadDataLatin1Text(t *testing.T) {
	for _, c := range []struct{ in, want, why string }{
		{"", "", "empty"},
		{"plain", "plain", "ASCII: unchanged"},
		{"caf\xe9", "café", "0xE9 is é, as in ISO 8859-1"},
		{"\x80\x9f", "€Ÿ", "0x80-0x9F are cp1252's, not C1 controls"},
		{"\x81\x8d\x8f\x90\x9d", "\u0081\u008d\u008f\u0090\u009d", "cp1252's undefined bytes: the C1 controls"},
		{"\xff\x00", "ÿ\x00", "the last byte, and NUL"},
	} {
		if got := latin1Text(c.in); got != c.want {
			t.Errorf("latin1Text(%q) = %q, want %q (%s)", c.in, got, c.want, c.why)
		}
	}
}
