package statement

import "testing"

// TestClassifyStatement pins the statement classes the session acts on
// before planning (catalog.Session.ValidateSession).
func TestClassifyStatement(t *testing.T) {
	for _, c := range []struct {
		q    string
		want Class
	}{
		{"INSERT INTO t VALUES (1)", Write},
		{"  replace into t values (1)", Write},
		{"UPDATE t SET v = 1", Write},
		{"DELETE/* c */FROM t", Write},
		{"LOAD DATA LOCAL INFILE 'f' INTO TABLE t", Write},
		{"CALL p()", Write},
		{"EXECUTE ins USING @a", Write},
		{"WITH c AS (SELECT id FROM u) DELETE FROM t WHERE id IN (SELECT id FROM c)", Write},
		{"WITH c AS (SELECT 1)\nUPDATE t SET v = 1", Write},
		{"CREATE TEMPORARY TABLE t (i INT)", Write}, // no implicit commit in MySQL
		{"DROP TEMPORARY TABLE t", Write},
		{"CREATE TABLE t (i INT)", DDL},
		{"CREATE UNIQUE INDEX i ON t (v)", DDL},
		{"/* leading */ ALTER TABLE t ADD COLUMN c INT", DDL},
		{"-- line\nDROP INDEX i ON t", DDL},
		{"# line\nRENAME TABLE t TO u", DDL},
		{"TRUNCATE t", DDL},
		{"/*!40000 ALTER TABLE `t` DISABLE KEYS */", DDL}, // mariadb-dump: the server runs the code
		{"CREATE USER u", ImplicitCommit},
		{"DROP ROLE r", ImplicitCommit},
		{"GRANT SELECT ON *.* TO u", ImplicitCommit},
		{"LOCK TABLES t WRITE", ImplicitCommit},
		{"ANALYZE TABLE t", ImplicitCommit},
		{"SET PASSWORD = 'x'", ImplicitCommit},
		{"SELECT * FROM t", Read},
		{"(SELECT 1) UNION (SELECT 2)", Read},
		{"WITH c AS (SELECT 1) SELECT * FROM c", Read},
		{"SELECT v FROM t WHERE id = 1 FOR UPDATE", LockingRead},
		{"select v from t for\nshare", LockingRead},
		{"SELECT v FROM t LOCK IN SHARE MODE", LockingRead},
		{"SELECT 'for updates' FROM t", Read},
		{"SELECT v FROM t For UpDaTe", LockingRead},
		{"SELECT v FROM t lock in SHARE mode", LockingRead},
		{"SELECT v FROM t WHERE id = 1", Read},
		{"SET autocommit = 0", Other},
		{"/*!40101 SET NAMES utf8mb4 */", Other},
		{"BEGIN", Other},
		{"START TRANSACTION READ ONLY", Other},
		{"SHOW TABLES", Other},
		{"EXPLAIN UPDATE t SET v = 1", Other},
		{"/* unterminated", Other},
		{"", Other},
	} {
		if got := Classify(c.q); got != c.want {
			t.Errorf("Classify(%q) = %d, want %d", c.q, got, c.want)
		}
	}
}

// TestIsQuery pins the statements max_execution_time applies to
// (cmd/simsql/limits.go).
func TestIsQuery(t *testing.T) {
	for q, want := range map[string]bool{
		"SELECT 1":                                true,
		"  select * from t":                       true,
		"(SELECT 1) UNION (SELECT 2)":             true,
		"/* hint */ SELECT 1":                     true,
		"-- comment\nSELECT 1":                    true,
		"# comment\nSELECT 1":                     true,
		"WITH x AS (SELECT 1) SELECT * FROM x":    true,
		"SELECT(1)":                               true,
		"TABLE t":                                 true,
		"SELECT v FROM t FOR UPDATE":              true,
		"WITH x AS (SELECT 1) DELETE FROM t":      false,
		"INSERT INTO t SELECT * FROM u":           false,
		"UPDATE t SET a = 1":                      false,
		"LOAD DATA LOCAL INFILE 'f' INTO TABLE t": false,
		"SET max_execution_time = 1":              false,
		"selected":                                false,
		"/* unterminated SELECT":                  false,
		"":                                        false,
	} {
		if got := IsQuery(q); got != want {
			t.Errorf("IsQuery(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestIsExplain(t *testing.T) {
	for q, want := range map[string]bool{
		"EXPLAIN SELECT 1": true, "explain plan select 1": true, "DESCRIBE t": true, "desc t": true,
		"/* c */ EXPLAIN SELECT 1": true, "SELECT 1": false, "description": false, "": false,
	} {
		if got := IsExplain(q); got != want {
			t.Errorf("IsExplain(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestLeadingKeyword pins the keyword catalog's viewsKeepTransaction goes
// by.
func TestLeadingKeyword(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"SELECT * FROM v", "select"},
		{"select\n*\nfrom v", "select"}, // newline after the keyword
		{"  (SELECT 1) UNION (SELECT 2)", "("},
		{"SHOW FIELDS FROM `v`", "show"},
		{"DELETE/* c */FROM t", "delete"},
		{"CREATE TABLE t AS SELECT * FROM v", "create"},
		{"/* c */ SELECT 1", "select"},
		{"/*!40101 SET NAMES utf8mb4 */", "set"},
		{"", ""},
	} {
		if got := LeadingKeyword(c.q); got != c.want {
			t.Errorf("LeadingKeyword(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

func TestLockWaitOf(t *testing.T) {
	for _, c := range []struct {
		q    string
		want LockWait
	}{
		{"SELECT id FROM q ORDER BY id LIMIT 2 FOR UPDATE", Wait},
		{"SELECT id FROM q FOR UPDATE SKIP LOCKED", SkipLocked},
		{"select id from q for share skip  locked", SkipLocked},
		{"SELECT id FROM q FOR UPDATE NOWAIT", NoWait},
		{"SELECT id FROM q FOR SHARE OF q NOWAIT", NoWait},
		{"SELECT * FROM a JOIN b FOR UPDATE OF a, `b` SKIP LOCKED", SkipLocked},
		{"SELECT id FROM q LOCK IN SHARE MODE", Wait},
		{"SELECT 'nowait' FROM q FOR UPDATE", Wait},
		{"SELECT id FROM nowait FOR UPDATE", Wait},
	} {
		if got := LockWaitOf(c.q); got != c.want {
			t.Errorf("LockWaitOf(%q) = %d, want %d", c.q, got, c.want)
		}
	}
}
