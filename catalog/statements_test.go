package catalog

import "testing"

// TestClassifyStatement pins the statement classes the session acts on
// before planning (Session.ValidateSession).
func TestClassifyStatement(t *testing.T) {
	for _, c := range []struct {
		q    string
		want stmtClass
	}{
		{"INSERT INTO t VALUES (1)", stmtWrite},
		{"  replace into t values (1)", stmtWrite},
		{"UPDATE t SET v = 1", stmtWrite},
		{"DELETE/* c */FROM t", stmtWrite},
		{"LOAD DATA LOCAL INFILE 'f' INTO TABLE t", stmtWrite},
		{"CALL p()", stmtWrite},
		{"EXECUTE ins USING @a", stmtWrite},
		{"WITH c AS (SELECT id FROM u) DELETE FROM t WHERE id IN (SELECT id FROM c)", stmtWrite},
		{"WITH c AS (SELECT 1)\nUPDATE t SET v = 1", stmtWrite},
		{"CREATE TEMPORARY TABLE t (i INT)", stmtWrite}, // no implicit commit in MySQL
		{"DROP TEMPORARY TABLE t", stmtWrite},
		{"CREATE TABLE t (i INT)", stmtDDL},
		{"CREATE UNIQUE INDEX i ON t (v)", stmtDDL},
		{"/* leading */ ALTER TABLE t ADD COLUMN c INT", stmtDDL},
		{"-- line\nDROP INDEX i ON t", stmtDDL},
		{"# line\nRENAME TABLE t TO u", stmtDDL},
		{"TRUNCATE t", stmtDDL},
		{"/*!40000 ALTER TABLE `t` DISABLE KEYS */", stmtDDL}, // mariadb-dump: the server runs the code
		{"CREATE USER u", stmtImplicitCommit},
		{"DROP ROLE r", stmtImplicitCommit},
		{"GRANT SELECT ON *.* TO u", stmtImplicitCommit},
		{"LOCK TABLES t WRITE", stmtImplicitCommit},
		{"ANALYZE TABLE t", stmtImplicitCommit},
		{"SET PASSWORD = 'x'", stmtImplicitCommit},
		{"SELECT * FROM t", stmtRead},
		{"(SELECT 1) UNION (SELECT 2)", stmtRead},
		{"WITH c AS (SELECT 1) SELECT * FROM c", stmtRead},
		{"SELECT v FROM t WHERE id = 1 FOR UPDATE", stmtLockingRead},
		{"select v from t for\nshare", stmtLockingRead},
		{"SELECT v FROM t LOCK IN SHARE MODE", stmtLockingRead},
		{"SELECT 'for updates' FROM t", stmtRead},
		{"SET autocommit = 0", stmtOther},
		{"/*!40101 SET NAMES utf8mb4 */", stmtOther},
		{"BEGIN", stmtOther},
		{"START TRANSACTION READ ONLY", stmtOther},
		{"SHOW TABLES", stmtOther},
		{"EXPLAIN UPDATE t SET v = 1", stmtOther},
		{"/* unterminated", stmtOther},
		{"", stmtOther},
	} {
		if got := classifyStatement(c.q); got != c.want {
			t.Errorf("classifyStatement(%q) = %d, want %d", c.q, got, c.want)
		}
	}
}
