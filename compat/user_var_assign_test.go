package compat

import "testing"

// TestAssignUserVars pins the text assignUserVars makes of each
// assignment: where the assigned expression ends, and what it leaves.
func TestAssignUserVars(t *testing.T) {
	const f = assignUserVarName
	for _, c := range []struct{ in, want string }{
		{"SELECT @a := 1 + 2 AS x", "SELECT " + f + "('a', 1 + 2) AS x"},
		// ODBC's: up to WHEN, inside IF up to its comma and parenthesis.
		{"SELECT CASE d WHEN 'bit' THEN @dt:= IF(p=1,-7,-2) WHEN 'int' THEN @dt:=4 END AS DATA_TYPE",
			"SELECT CASE d WHEN 'bit' THEN " + f + "('dt', IF(p=1,-7,-2)) WHEN 'int' THEN " + f + "('dt',4) END AS DATA_TYPE"},
		{"SELECT if(s IS NULL, @c:=7, @c:=p)", "SELECT if(s IS NULL, " + f + "('c',7), " + f + "('c',p))"},
		{"SELECT @t:=CAST(CASE @dt WHEN 1 THEN 1 ELSE 2 END AS SIGNED) AS B FROM c",
			"SELECT " + f + "('t',CAST(CASE @dt WHEN 1 THEN 1 ELSE 2 END AS SIGNED)) AS B FROM c"},
		{"SELECT @x := a b FROM t", "SELECT " + f + "('x', a) b FROM t"}, // an alias without AS
		{"SELECT @x := a OR b IS NOT NULL", "SELECT " + f + "('x', a OR b IS NOT NULL)"},
		{"SELECT @g := @h := 4", "SELECT " + f + "('g', " + f + "('h', 4))"},
		{"SELECT @`x y` := 2", "SELECT " + f + "('x y', 2)"},
		{"SELECT @'it''s' := t.c FROM t", "SELECT " + f + "('it''s', t.c) FROM t"},
		// Left alone: SET's own, strings, comments, system variables.
		{"SET @a := 1", "SET @a := 1"},
		{"SET @a := 1, @b := (@c := 2)", "SET @a := 1, @b := (" + f + "('c', 2))"},
		{"CREATE PROCEDURE p() BEGIN SET @a := 1; SELECT @b := 2; END",
			"CREATE PROCEDURE p() BEGIN SET @a := 1; SELECT " + f + "('b', 2); END"},
		{"UPDATE t SET c = 1, d = @e := 3", "UPDATE t SET c = 1, d = " + f + "('e', 3)"},
		{"SELECT 'a := b', x /* := */", "SELECT 'a := b', x /* := */"},
		// An executable comment's text is code (was left alone, then a
		// syntax error).
		{"SELECT 1 /*! , @w := 8 */", "SELECT 1 /*! , " + f + "('w', 8) */"},
		{"SELECT 1 /*!40101 , @w := 8 */, 2", "SELECT 1 /*!40101 , " + f + "('w', 8) */, 2"},
		{"SELECT @@a := 1", "SELECT @@a := 1"},
		{"SELECT @a :=", "SELECT @a :="},
	} {
		if got, _ := AssignUserVars(c.in); got != c.want {
			t.Errorf("AssignUserVars(%q)\n got  %q\n want %q", c.in, got, c.want)
		}
	}
}
