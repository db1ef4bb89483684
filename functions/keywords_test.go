package functions

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

func keywordsJSON(t *testing.T, v any) string {
	t.Helper()
	if v == nil {
		return "NULL"
	}
	return jsonText(t, v)
}

func TestKeywordsFunction(t *testing.T) {
	null := expression.NewLiteral(nil, types.Null)
	for _, c := range []struct {
		args []sql.Expression
		want string
	}{
		{[]sql.Expression{lit("the cat and the dog and the cat chased a bird"), lit(int64(3))}, `["cat", "dog", "chased"]`},
		{[]sql.Expression{lit("今天天气很好，我们去郊游。天气预报说明天天气也很好。"), lit(int64(2))}, `["今天天气", "郊游"]`},
		{[]sql.Expression{lit("say \"hi\"\\now"), lit(int64(5))}, `["say", "hi", "now"]`},
		{[]sql.Expression{lit("the of and"), lit(int64(3))}, `[]`},
		{[]sql.Expression{lit("cat dog"), lit(int64(0))}, `[]`},
		{[]sql.Expression{null, lit(int64(3))}, "NULL"},
		{[]sql.Expression{lit("cat"), null}, "NULL"},
	} {
		if got := keywordsJSON(t, eval(t, must(NewKeywords(c.args...)))); got != c.want {
			t.Errorf("keywords%v = %s, want %s", c.args, got, c.want)
		}
	}
	for _, c := range []struct {
		args []sql.Expression
		msg  string
	}{
		{[]sql.Expression{lit("cat"), lit(int64(-1))}, "Incorrect arguments to keywords: n must be an integer from 0 to 10000, got -1"},
		{[]sql.Expression{lit("cat"), lit(int64(10001))}, "n must be an integer from 0 to 10000, got 10001"},
		{[]sql.Expression{lit("cat"), lit("x")}, "n must be an integer"},
		{[]sql.Expression{lit("cat"), lit(int64(3)), lit("docs.body")}, "this session keeps no document frequencies of columns"},
	} {
		_, err := must(NewKeywords(c.args...)).Eval(sql.NewEmptyContext(), nil)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("keywords%v: error %v, want %q", c.args, err, c.msg)
		}
	}
	if _, err := NewKeywords(lit("x")); err == nil || !strings.Contains(err.Error(), "expected 2 to 3 arguments, 1 received") {
		t.Errorf("keywords('x'): %v", err)
	}
}
