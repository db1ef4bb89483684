package sqltests

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	gsql "github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/textsim"
)

func TestFunctionScripts(t *testing.T) {
	runScripts(t, FunctionScripts)
}

// TestEveryFunctionIsDescribedAndTested checks each registered function has
// a description and is used by at least one SQL script test.
func TestEveryFunctionIsDescribedAndTested(t *testing.T) {
	var queries strings.Builder
	for _, s := range append(FunctionScripts, TFIDFScripts...) {
		for _, a := range s.Assertions {
			queries.WriteString(strings.ToLower(a.Query))
		}
	}
	for _, fn := range functions.All() {
		name := fn.FunctionName()
		var expr gsql.Expression
		for n := 1; n <= 3 && expr == nil; n++ {
			lits := make([]gsql.Expression, n)
			for i := range lits {
				lits[i] = expression.NewLiteral("a", types.LongText)
			}
			expr, _ = fn.NewInstance(lits)
		}
		fe, ok := expr.(gsql.FunctionExpression)
		if !ok {
			t.Errorf("%s: no instance with 1 to 3 arguments is a sql.FunctionExpression", name)
			continue
		}
		if fe.FunctionName() != name {
			t.Errorf("%s: instance calls itself %s", name, fe.FunctionName())
		}
		if d := fe.Description(); d == "" || !strings.HasSuffix(d, ".") {
			t.Errorf("%s: description %q: want a sentence", name, d)
		}
		if !strings.Contains(queries.String(), name+"(") {
			t.Errorf("%s: used by no SQL script test", name)
		}
	}
}

// TestSignatureAsParameter is a regression test: a signature bound as a
// prepared-statement parameter arrives as a string and was read as text,
// giving a wrong estimate instead of 1.
func TestSignatureAsParameter(t *testing.T) {
	db := StartServer(t).DB(t)
	var sig []byte
	if err := db.QueryRow("SELECT minhash('a b c', 64)").Scan(&sig); err != nil {
		t.Fatal(err)
	}
	var j float64
	if err := db.QueryRow("SELECT minhash_jaccard(?, 'a b c')", sig).Scan(&j); err != nil {
		t.Fatal(err)
	}
	if j != 1 {
		t.Errorf("minhash_jaccard(? = minhash('a b c', 64), 'a b c') = %v, want 1", j)
	}
	if err := db.QueryRow("SELECT minhash_jaccard(?, 'a b c')", sig[:20]).Scan(&j); err == nil || !strings.Contains(err.Error(), "invalid minhash signature") {
		t.Errorf("a truncated signature as a parameter: got %v, %v; want an invalid-signature error", j, err)
	}
}

// differentialTexts are texts on which SQL and textsim must agree.
var differentialTexts = []string{
	"Simhash detects near duplicates and not exact duplicates",
	"naïve résumé", "Привет мир", "ＡＢＣ１２３ 全角", "今天天气很好，🙋 我们去郊游。",
	"後腳龍族幻想恰爛錢", "It's 1.26 o'clock; \"quoted\" \\ backslash", "", "   ", "the of and",
	strings.Repeat("MIT License Permission is hereby granted, free of charge. ", 50),
}

// TestSQLMatchesTextsim checks that simhash(), simhash_ngram() and
// tokenize() over the wire, with the text as a prepared-statement parameter,
// equal textsim in-process.
func TestSQLMatchesTextsim(t *testing.T) {
	db := StartServer(t).DB(t)
	a := textsim.Default()
	ctx := context.Background()
	for _, text := range differentialTexts {
		var fp, ng *uint64
		var tok string
		err := db.QueryRowContext(ctx, "SELECT simhash(?), simhash_ngram(?, 3), tokenize(?)", text, text, text).Scan(&fp, &ng, &tok)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		want, ok := a.SimHash(text)
		if ok != (fp != nil) || (ok && *fp != want) {
			t.Errorf("simhash(%q) = %v, textsim says %d (ok %v)", text, fp, want, ok)
		}
		wantNg, ok, _ := a.SimHashNgram(text, 3)
		if ok != (ng != nil) || (ok && *ng != wantNg) {
			t.Errorf("simhash_ngram(%q, 3) = %v, textsim says %d (ok %v)", text, ng, wantNg, ok)
		}
		if want := jsonStrings(a.Tokens(text)); !sameValue(tok, want) {
			t.Errorf("tokenize(%q) = %s, textsim says %s", text, tok, want)
		}
	}
}

// jsonStrings returns the JSON array of the strings.
func jsonStrings(s []string) string {
	if s == nil {
		s = []string{}
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestStorageScripts(t *testing.T) {
	runScripts(t, StorageScripts)
}
