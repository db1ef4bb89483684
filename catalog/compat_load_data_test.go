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
