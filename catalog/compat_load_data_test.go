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
