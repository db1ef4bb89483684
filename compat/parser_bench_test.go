package compat

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// BenchmarkParseInsert measures what the rewrite adds to parsing a
// 1,000-row INSERT, the statement `simsql import` sends: the same parse
// with and without it.
func BenchmarkParseInsert(b *testing.B) {
	var q strings.Builder
	q.WriteString("INSERT INTO docs (id, body, fp) VALUES ")
	for i := range 1000 {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(" + strconv.Itoa(i) + ", 'some text of a document, some text of a document', " + strconv.Itoa(i*7919) + ")")
	}
	query := q.String()
	b.SetBytes(int64(len(query)))
	for _, bc := range []struct {
		name string
		p    sql.Parser
	}{{"go-mysql-server", sql.NewMysqlParser()}, {"compat", Parser(sql.NewMysqlParser())}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := bc.p.ParseSimple(query); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
