package sqltests

// MinHashScripts are the SQL script tests of the MinHash band index: DDL,
// what it refuses, maintenance, and the table functions over signature
// and text columns. Exactness against scans is TestMinHashIndexExact's.
var MinHashScripts = []ScriptTest{
	{
		Name: "minhash index DDL",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY sig_j80 (sig) COMMENT 'minhash t=0.8')",
		},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE d", Expected: []Row{{"d", "CREATE TABLE `d` (\n  `id` int NOT NULL,\n  `body` text,\n  `sig` varbinary(1038) GENERATED ALWAYS AS (minhash(`body`)) STORED,\n  PRIMARY KEY (`id`),\n  KEY `sig_j80` (`sig`) COMMENT 'minhash t=0.8'\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			{Query: "CREATE INDEX sig_j90 ON d (sig) COMMENT 'minhash t=0.9'", Expected: nil},
			{Query: "ALTER TABLE d ADD INDEX sig_b (sig) COMMENT 'minhash t=0.5 bands=20 rows=5'", Expected: nil},
			{Query: "SELECT index_name, index_type, index_comment FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'd' ORDER BY index_name",
				Expected: []Row{{"PRIMARY", "BTREE", ""}, {"sig_b", "MINHASH", "minhash t=0.5 bands=20 rows=5"}, {"sig_j80", "MINHASH", "minhash t=0.8"}, {"sig_j90", "MINHASH", "minhash t=0.9"}}},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash t=0.5'", ExpectedErr: "for example COMMENT 'minhash t=0.5 bands=35 rows=3'", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash'", ExpectedErr: "must give the Jaccard threshold", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash t=0.8 k=3'", ExpectedErr: "unknown parameter", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash t=2'", ExpectedErr: "t must be a number greater than 0 and at most 1", ExpectedErrCode: 1210},
			// A prefix length was accepted and ignored: the index reads whole values (MySQL refuses FULLTEXT (body(10)) so).
			{Query: "CREATE INDEX bad ON d (sig(10)) COMMENT 'minhash t=0.8'", ExpectedErr: "a minhash index reads whole values: write (sig), not (sig(10))", ExpectedErrCode: 1089},
			{Query: "CREATE INDEX bad ON d (body(10)) COMMENT 'minhash t=0.8'", ExpectedErr: "a signature column is VARBINARY or BLOB", ExpectedErrCode: 1167},
			{Query: "CREATE INDEX bad ON d (sig, id) COMMENT 'minhash t=0.8'", ExpectedErr: "index one signature column", ExpectedErrCode: 1070},
			{Query: "CREATE UNIQUE INDEX bad ON d (sig) COMMENT 'minhash t=0.8'", ExpectedErr: "cannot be UNIQUE", ExpectedErrCode: 1210},
			// A comment that names a kind but does not ask for it is refused,
			// not silently made a B-tree.
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash: t=0.8'", ExpectedErr: "names the minhash index kind (the word \"minhash\") but does not begin with the word minhash", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'fast lookups via simhash k=3'", ExpectedErr: "names the simhash index kind", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'simhash,k=3'", ExpectedErr: "names the simhash index kind", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'fast lookups via minhash t=0.8'", ExpectedErr: "names the minhash index kind", ExpectedErrCode: 1210},
			// A word beginning with a kind's name counts too: these were B-trees.
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhashx t=0.8'", ExpectedErr: "names the minhash index kind (the word \"minhashx\")", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (body(10)) COMMENT 'tfidfs'", ExpectedErr: "names the tfidf index kind", ExpectedErrCode: 1210},
			// On a TEXT column without a length too (it was 1170, a length missing).
			{Query: "CREATE INDEX bad ON d (body) COMMENT 'tfidfs'", ExpectedErr: "names the tfidf index kind", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (body) COMMENT 'my tfidf index'", ExpectedErr: "names the tfidf index kind", ExpectedErrCode: 1210},
			{Query: "CREATE TABLE bad (id INT PRIMARY KEY, body TEXT, KEY (body) COMMENT 'tfidf:')", ExpectedErr: "names the tfidf index kind", ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (body) COMMENT 'just words'", ExpectedErrCode: 1170}, // a B-tree needs a length, as in MySQL
			// The rest must parse whole.
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash t=0.8,'", ExpectedErr: `t must be a number greater than 0 and at most 1, got "0.8,"`, ExpectedErrCode: 1210},
			{Query: "CREATE INDEX bad ON d (sig) COMMENT 'minhash t=0.8 bands='", ExpectedErr: `unknown parameter "bands="`, ExpectedErrCode: 1210},
			{Query: "CREATE INDEX mh_case ON d (sig) COMMENT 'MinHash  T=0.8'", Expected: nil},
			{Query: "DROP INDEX mh_case ON d", Expected: nil},
			{Query: "ALTER TABLE d MODIFY sig INT", ExpectedErr: "minhash index sig_j80: column sig is int; a signature column is VARBINARY or BLOB"},
			{Query: "DROP INDEX sig_j90 ON d", Expected: nil},
			{Query: "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'd' AND index_name = 'sig_j90'", Expected: []Row{{0}}},
		},
	},
	{
		// Regression: MODIFY of a minhash-indexed column to BLOB was 1170
		// "BLOB/TEXT column 'sig' used in key specification without a key
		// length" (catalog/compat_modify_custom_index.go); the index reads
		// whole values, so it is kept and still answers.
		Name: "MODIFY of a signature column with a minhash index",
		SetUpScript: []string{
			"CREATE TABLE mb (id INT PRIMARY KEY, body TEXT, sig VARBINARY(2000), KEY ms (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO mb VALUES (1, 'the quick brown fox jumps', minhash('the quick brown fox jumps')), (2, 'lorem ipsum dolor sit', minhash('lorem ipsum dolor sit')), (3, 'the quick brown fox jumps', minhash('the quick brown fox jumps'))",
			"CREATE TABLE hb (id INT PRIMARY KEY, fp BIGINT UNSIGNED, KEY hk (fp) COMMENT 'simhash k=3')",
			"SET @q = minhash('the quick brown fox jumps')",
		},
		Assertions: []Assertion{
			{Query: "ALTER TABLE mb MODIFY sig BLOB"},
			{Query: "SELECT data_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'mb' AND column_name = 'sig'", Expected: []Row{{"blob"}}},
			{Query: "SELECT id FROM mb WHERE minhash_jaccard(sig, @q) >= 0.8 ORDER BY id", Expected: []Row{{1}, {3}}, ExpectedIndexes: []string{"minhash index ms"}},
			{Query: "SELECT id FROM mb IGNORE INDEX (ms) WHERE minhash_jaccard(sig, @q) >= 0.8 ORDER BY id", Expected: []Row{{1}, {3}}, ExpectedIndexes: []string{"mb.id"}},
			{Query: "ALTER TABLE mb CHANGE sig sig MEDIUMBLOB"},
			{Query: "INSERT INTO mb VALUES (4, 'x', minhash('the quick brown fox jumps'))"},
			{Query: "SELECT id FROM mb WHERE minhash_jaccard(sig, @q) >= 0.8 ORDER BY id", Expected: []Row{{1}, {3}, {4}}, ExpectedIndexes: []string{"minhash index ms"}},
			// A type the kind does not take is its clear error, as before.
			{Query: "ALTER TABLE mb MODIFY sig TEXT", ExpectedErr: "a signature column is VARBINARY or BLOB", ExpectedErrCode: 1167},
			{Query: "ALTER TABLE hb MODIFY fp BLOB", ExpectedErr: "a fingerprint column is BIGINT UNSIGNED or BIGINT", ExpectedErrCode: 1167},
		},
	},
	{
		Name: "minhash index maintenance and refused values",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY sig_j80 (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO d (id, body) VALUES (1, 'a b c d e f g h i j'), (2, 'a b c d e f g h i j'), (3, 'x y z'), (4, NULL)",
			"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(2000), KEY j (sig) COMMENT 'minhash t=0.9 perm=64 seed=7')",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, 'a b c d e f g h i j') >= 0.8 ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "UPDATE d SET body = 'x y z' WHERE id = 2", Expected: nil},
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, 'a b c d e f g h i j') >= 0.8 ORDER BY id", Expected: []Row{{1}}},
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, 'x y z') >= 0.8 ORDER BY id", Expected: []Row{{2}, {3}}},
			{Query: "DELETE FROM d WHERE id = 3", Expected: nil},
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, 'x y z') >= 0.8 ORDER BY id", Expected: []Row{{2}}},
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, NULL) >= 0.8", Expected: []Row{}},
			{Query: "SELECT id FROM d WHERE jaccard(body, 'x y z') >= 0.8", Expected: []Row{{2}}},
			// A probe of other parameters is minhash_jaccard's own error.
			{Query: "SELECT id FROM d WHERE minhash_jaccard(sig, minhash('x y z', 64)) >= 0.8", ExpectedErr: "incompatible"},
			// Values the index refuses name the index and the row.
			{Query: "INSERT INTO s VALUES (1, minhash('a b', 64, 7))", Expected: nil},
			{Query: "INSERT INTO s VALUES (2, minhash('a b'))", ExpectedErr: "minhash index j: a signature of 128 permutations with seed 1, but the index is for perm=64 seed=7"},
			{Query: "INSERT INTO s VALUES (3, 'hello')", ExpectedErr: "minhash index j: a 5-byte value that is not a minhash() signature, in the row with id = 3", ExpectedErrCode: 1366},
			// INSERT IGNORE skips such a row with warning 1366 and writes the others
			// (it stopped the statement with 1105), as MySQL's IGNORE skips a row
			// a foreign key refuses; UPDATE IGNORE leaves the row as it was.
			{Query: "INSERT IGNORE INTO s VALUES (6, 'hello'), (7, minhash('a b', 64, 7))",
				ExpectedWarnings: []Row{{"Warning", 1366, "minhash index j: a 5-byte value that is not a minhash() signature, in the row with id = 6"}}},
			{Query: "UPDATE IGNORE s SET sig = 'zz' WHERE id = 7",
				ExpectedWarnings: []Row{{"Warning", 1366, "minhash index j: a 2-byte value that is not a minhash() signature, in the row with id = 7"}}},
			{Query: "SELECT id FROM s WHERE id IN (6, 7) AND minhash_jaccard(sig, 'a b') >= 0.9", Expected: []Row{{7}}},
			{Query: "DELETE FROM s WHERE id = 7", Expected: nil},
			{Query: "INSERT INTO s VALUES (4, NULL)", Expected: nil},
			{Query: "SELECT id FROM s WHERE minhash_jaccard(sig, 'a b') >= 0.9", Expected: []Row{{1}}},
			// Bottom-k signatures have no slots for the bands: refused, even with the index's k and seed.
			{Query: "INSERT INTO s VALUES (5, minhash('a b', 64, 7, 'bottom-k'))", ExpectedErr: "minhash index j: bottom-k signatures (minhash(…, 'bottom-k')) cannot be indexed: the index's bands need the slots of k-permutation signatures; index minhash(col, 64, 7) instead"},
			{Query: "SELECT id FROM s WHERE minhash_jaccard(sig, minhash('a b', 64, 7, 'bottom-k')) >= 0.9", ExpectedErr: "minhash signatures of different schemes cannot be compared"},
		},
	},
	{
		Name: "near_duplicates over signatures and texts",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED)",
			"INSERT INTO d (id, body) VALUES (1, 'a b c d e f g h i j'), (2, 'a b c d e f g h i k'), (3, 'x y z'), (4, NULL), (5, 'a b c d e f g h i j'), (6, 'x y z w')",
			"CREATE VIEW v AS SELECT * FROM d",
			"SET @t = 0.9",
			"SET @tn = 'd'",
			"SET @cn = 'sig'",
		},
		Assertions: []Assertion{
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 0.7)", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}}},
			{Query: "SELECT left_id, right_id, ROUND(similarity, 4) FROM near_duplicates('d', 'body', 0.7)", Expected: []Row{{1, 2, 0.8182}, {1, 5, 1.0}, {2, 5, 0.8182}, {3, 6, 0.75}}},
			// {1, 2, 5}: 1 and 5 are equal, 2 is at 9/11 of both; every member has two neighbours.
			{Query: "SELECT id, group_id, ROUND(min_similarity, 4), representative FROM near_duplicate_groups('d', 'body', 0.7)", Expected: []Row{{1, 1, 0.8182, 1}, {2, 1, 0.8182, 1}, {3, 3, 0.75, 3}, {5, 1, 0.8182, 1}, {6, 3, 0.75, 3}}},
			{Query: "CREATE INDEX sig_j70 ON d (sig) COMMENT 'minhash t=0.7'", Expected: nil},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 0.7)", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}}},
			{Query: "SELECT left_id, right_id, ROUND(similarity, 4) FROM near_duplicates('d', 'body', 0.7)", Expected: []Row{{1, 2, 0.8182}, {1, 5, 1.0}, {2, 5, 0.8182}, {3, 6, 0.75}}},
			{Query: "SELECT * FROM near_duplicate_groups('d', 'sig', 0.9)", Expected: []Row{{1, 1, 1.0, 1}, {5, 1, 1.0, 1}}},
			{Query: "SELECT * FROM near_duplicate_groups('d', 'sig', 0.7)", Expected: []Row{{1, 1, 0.796875, 1}, {2, 1, 0.796875, 1}, {5, 1, 0.796875, 1}}},
			// Below every index's threshold: a scan, the same pairs as brute force.
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 0.6)", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}, {3, 6, 0.6484375}}, ExpectedIndexes: []string{}},
			{Query: "SELECT a.id, b.id, minhash_jaccard(a.sig, b.sig) FROM d a JOIN d b ON a.id < b.id WHERE minhash_jaccard(a.sig, b.sig) >= 0.6 ORDER BY 1, 2", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}, {3, 6, 0.6484375}}},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 0.7)", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 1.5)", ExpectedErr: "the Jaccard threshold t greater than 0 and at most 1", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 0)", ExpectedErr: "the Jaccard threshold t greater than 0 and at most 1", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicate_groups('d', 'body', -0.5)", ExpectedErr: "the Jaccard threshold t greater than 0 and at most 1", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', NULL)", ExpectedErrCode: 1210},
			// A numeric string is converted, as MySQL converts a string
			// argument (it was 1210); a string that is no number is not.
			{Query: "SELECT * FROM near_duplicates('d', 'sig', '0.7')", Expected: []Row{{1, 2, 0.796875}, {1, 5, 1.0}, {2, 5, 0.796875}}},
			{Query: "SELECT left_id, right_id FROM near_duplicates('d', 'body', '9e-1')", Expected: []Row{{1, 5}}},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 'abc')", ExpectedErr: "the Jaccard threshold t greater than 0 and at most 1", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', 'inf')", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicates('d', 'sig', '1.5')", ExpectedErrCode: 1210},
			{Query: "SELECT * FROM near_duplicates('v', 'sig', 0.8)", ExpectedErr: "v is a view; near_duplicates reads a base table"},
			{Query: "PREPARE p FROM 'SELECT left_id, right_id FROM near_duplicates(''d'', ''sig'', ?)'", Expected: nil},
			{Query: "EXECUTE p USING @t", Expected: []Row{{1, 5}}},
			// The table or column as a parameter: PREPARE checked the
			// privileges of a table not yet known (a nil dereference, error
			// 1105); they are checked when EXECUTE names it.
			{Query: "PREPARE q FROM 'SELECT left_id, right_id FROM near_duplicates(?, ''sig'', 0.9)'", Expected: nil},
			{Query: "EXECUTE q USING @tn", Expected: []Row{{1, 5}}},
			{Query: "PREPARE r FROM 'SELECT id, group_id FROM near_duplicate_groups(''d'', ?, 0.9)'", Expected: nil},
			{Query: "EXECUTE r USING @cn", Expected: []Row{{1, 1}, {5, 1}}},
		},
	},
	{
		// NULL signatures in top-k: minhash_jaccard(NULL, E) is NULL, last in
		// a descending ORDER BY (the cascade, then a scan when it falls
		// short), first in an ascending one (a sort after a scan), as the
		// scans under IGNORE INDEX give.
		Name: "minhash top-k with NULL signatures",
		SetUpScript: []string{
			"CREATE TABLE m (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY j (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO m (id, body) VALUES (1, 'a b c d e'), (2, 'a b c d e'), (3, 'x y z'), (4, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM m ORDER BY minhash_jaccard(sig, 'a b c d e') DESC, id LIMIT 2", Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"minhash index j"}},
			{Query: "SELECT id FROM m ORDER BY minhash_jaccard(sig, 'a b c d e') DESC, id LIMIT 4", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM m IGNORE INDEX (j) ORDER BY minhash_jaccard(sig, 'a b c d e') DESC, id LIMIT 4", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT id FROM m ORDER BY minhash_jaccard(sig, 'a b c d e'), id LIMIT 2", Expected: []Row{{4}, {3}}, ExpectedIndexes: []string{}},
			{Query: "SELECT id FROM m IGNORE INDEX (j) ORDER BY minhash_jaccard(sig, 'a b c d e') ASC, id LIMIT 2", Expected: []Row{{4}, {3}}},
		},
	},
	{
		// near_duplicate_groups over a text column through a minhash index
		// gave min_similarity 0 when the group's furthest pair was below
		// the index's candidate floor: 1 ~ 2 and 2 ~ 3 at J = 28/32, 1 and 3
		// at 26/34. docs/minhash-index.md promises the exact jaccard() of the
		// furthest pair, as the scan gives (table p, no index; and the
		// signatures' estimate over sig).
		Name: "near_duplicate_groups diameter over a text column through a minhash index",
		SetUpScript: []string{
			"CREATE TABLE c (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY j (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO c (id, body) VALUES (1, 'w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29'), " +
				"(2, 'w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 x0 x1'), " +
				"(3, 'w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 x0 x1 x2 x3'), (4, NULL)",
			"CREATE TABLE p (id INT PRIMARY KEY, body TEXT)",
			"INSERT INTO p SELECT id, body FROM c",
		},
		Assertions: []Assertion{
			{Query: "SELECT left_id, right_id, similarity FROM near_duplicates('c', 'body', 0.85)", Expected: []Row{{1, 2, 0.875}, {2, 3, 0.875}}},
			{Query: "SELECT jaccard(a.body, b.body) FROM c a JOIN c b ON a.id = 1 AND b.id = 3", Expected: []Row{{26.0 / 34}}},
			{Query: "SELECT * FROM near_duplicate_groups('p', 'body', 0.85)", Expected: []Row{{1, 1, 26.0 / 34, 2}, {2, 1, 26.0 / 34, 2}, {3, 1, 26.0 / 34, 2}}},
			{Query: "SELECT * FROM near_duplicate_groups('c', 'body', 0.85)", Expected: []Row{{1, 1, 26.0 / 34, 2}, {2, 1, 26.0 / 34, 2}, {3, 1, 26.0 / 34, 2}}},
			{Query: "SELECT * FROM near_duplicate_groups('c', 'sig', 0.85)", Expected: []Row{{1, 1, 0.765625, 2}, {2, 1, 0.765625, 2}, {3, 1, 0.765625, 2}}},
		},
	},
	{
		Name: "bottom-k signature columns: scanned, never indexed",
		SetUpScript: []string{
			"CREATE TABLE b (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body, 16, 1, 'bottom-k')) STORED)",
			"INSERT INTO b (id, body) VALUES (1, 'a b c d e f g h i j'), (2, 'a b c d e f g h i k'), (3, 'x y z'), (4, NULL)",
		},
		Assertions: []Assertion{
			// The union has at most 16 tokens: the estimate is the exact Jaccard.
			{Query: "SELECT id, minhash_jaccard(sig, 'a b c d e f g h i j'), jaccard(body, 'a b c d e f g h i j') FROM b ORDER BY id",
				Expected: []Row{{1, 1.0, 1.0}, {2, 9.0 / 11, 9.0 / 11}, {3, 0.0, 0.0}, {4, nil, nil}}},
			{Query: "SELECT a.id, c.id FROM b a JOIN b c ON a.id < c.id WHERE minhash_jaccard(a.sig, c.sig) >= 0.8", Expected: []Row{{1, 2}}},
			{Query: "CREATE INDEX sig_j80 ON b (sig) COMMENT 'minhash t=0.8 perm=16'", ExpectedErr: "bottom-k signatures (minhash(…, 'bottom-k')) cannot be indexed"},
			{Query: "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'b' AND index_name = 'sig_j80'", Expected: []Row{{0}}},
			{Query: "SELECT * FROM near_duplicates('b', 'sig', 0.8)", ExpectedErr: "a bottom-k signature (format version 2) where a k-permutation one is needed"},
		},
	},
	{
		// The self-join plan's filter lost the equality a lookup join's
		// primary key had taken out of the condition (a.id <=> b.id: 5 pairs
		// instead of 3); a.sig = b.sig and a.sig <=> b.sig failed with 1105
		// "failed to replan join: indexable table does not support given
		// lookup" (compat_lookup_join_zero_key.go). IGNORE INDEX: the
		// scan's answer.
		Name: "equi-joins on a minhash-indexed signature",
		SetUpScript: []string{
			"CREATE TABLE m (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY j (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO m (id, body) VALUES (1, 'a b c d e'), (2, 'a b c d e'), (3, 'x y z'), (4, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON minhash_jaccard(a.sig, b.sig) >= 0.8", Expected: []Row{{5}}, ExpectedIndexes: []string{"minhash index j"}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON minhash_jaccard(a.sig, b.sig) >= 0.8 AND a.id <=> b.id", Expected: []Row{{3}}},
			{Query: "SELECT COUNT(*) FROM m a IGNORE INDEX (j) JOIN m b IGNORE INDEX (j) ON minhash_jaccard(a.sig, b.sig) >= 0.8 AND a.id <=> b.id", Expected: []Row{{3}}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON jaccard(a.body, b.body) >= 0.8 AND a.id <=> b.id", Expected: []Row{{3}}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON a.sig = b.sig", Expected: []Row{{5}}},
			{Query: "SELECT COUNT(*) FROM m a IGNORE INDEX (j) JOIN m b IGNORE INDEX (j) ON a.sig = b.sig", Expected: []Row{{5}}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON a.sig <=> b.sig", Expected: []Row{{6}}},
			{Query: "SELECT COUNT(*) FROM m a IGNORE INDEX (j) JOIN m b IGNORE INDEX (j) ON a.sig <=> b.sig", Expected: []Row{{6}}},
			{Query: "SELECT a.id FROM m a WHERE EXISTS (SELECT 1 FROM m b WHERE b.sig = a.sig AND b.id <> a.id) ORDER BY a.id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON a.sig = b.sig AND minhash_jaccard(a.sig, b.sig) >= 0.8", Expected: []Row{{5}}},
		},
	},
	{
		Name: "minhash self-joins: the index's all-pairs search",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY sig_j70 (sig) COMMENT 'minhash t=0.7')",
			"INSERT INTO d (id, body) VALUES (1, 'a b c d e f g h i j'), (2, 'a b c d e f g h i k'), (3, 'x y z'), (4, NULL), (5, 'a b c d e f g h i j'), (6, 'x y z w')",
		},
		Assertions: []Assertion{
			{Query: "SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= 0.7 AND a.id < b.id ORDER BY 1, 2",
				Expected: []Row{{1, 2}, {1, 5}, {2, 5}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			// Both orders, and each row with itself (not 4: NULL).
			{Query: "SELECT a.id, b.id FROM d a, d b WHERE minhash_jaccard(b.sig, a.sig) > 0.7 ORDER BY 1, 2",
				Expected: []Row{{1, 1}, {1, 2}, {1, 5}, {2, 1}, {2, 2}, {2, 5}, {3, 3}, {5, 1}, {5, 2}, {5, 5}, {6, 6}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			{Query: "SELECT COUNT(*) FROM d a JOIN d b ON 0.9 <= minhash_jaccard(a.sig, b.sig) WHERE a.id <> b.id",
				Expected: []Row{{2}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			{Query: "SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) BETWEEN 0.7 AND 0.9 AND a.id < b.id ORDER BY 1, 2",
				Expected: []Row{{1, 2}, {2, 5}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			// Below the index's threshold, or under IGNORE INDEX: no index.
			{Query: "SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= 0.5 AND a.id < b.id ORDER BY 1, 2",
				Expected: []Row{{1, 2}, {1, 5}, {2, 5}, {3, 6}}, ExpectedIndexes: []string{}},
			{Query: "SELECT a.id, b.id FROM d a IGNORE INDEX (sig_j70) JOIN d b IGNORE INDEX (sig_j70) ON minhash_jaccard(a.sig, b.sig) >= 0.7 AND a.id < b.id ORDER BY 1, 2",
				Expected: []Row{{1, 2}, {1, 5}, {2, 5}}, ExpectedIndexes: []string{}},
			// jaccard() over the text column: candidates from the index, verified.
			{Query: "SELECT a.id, b.id, ROUND(jaccard(a.body, b.body), 4) FROM d a JOIN d b ON jaccard(a.body, b.body) >= 0.8 AND a.id < b.id ORDER BY 1, 2",
				Expected: []Row{{1, 2, 0.8182}, {1, 5, 1.0}, {2, 5, 0.8182}}, ExpectedIndexes: []string{"minhash index sig_j70"}},
			// EXPLAIN: both sides read the index whole.
			{Query: "EXPLAIN SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= 0.7 AND a.id < b.id",
				Expected: []Row{{1, "SIMPLE", "b", nil, "index", "sig_j70", "sig_j70", nil, nil, 6, 100, "Using where"}, {1, "SIMPLE", "a", nil, "index", "sig_j70", "sig_j70", nil, nil, 6, 100, "Using where"}}},
			// A DELETE keeps its lookup join.
			{Query: "DELETE a FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= 0.7 AND a.id > b.id", Expected: nil},
			{Query: "SELECT id FROM d ORDER BY id", Expected: []Row{{1}, {3}, {4}, {6}}},
		},
	},
	{
		// jaccard(body, E) >= t with t <= 0 holds for every non-NULL
		// text, those sharing no band with E too ('' and 'v w x y z'
		// here: jaccard 0), so no index answers it: a scan. It read the
		// minhash index ("candidates agreeing in at least 0 of 128 slots"):
		// (-1)^8 = 1 made a band's candidate probability 1. jaccard('',
		// '') is 1, and the index finds it (the empty set's signature).
		Name: "jaccard thresholds at or below 0 through a minhash index",
		SetUpScript: []string{
			"CREATE TABLE m (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, INDEX s8 (sig) COMMENT 'minhash t=0.8')",
			"INSERT INTO m (id, body) VALUES (1, 'a b c d e'), (2, 'a b c d e'), (3, 'v w x y z'), (4, ''), (5, NULL)",
			"SET @neg = -1",
		},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM m IGNORE INDEX (s8) WHERE jaccard(body, 'a b c d e') >= -1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') >= -1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') > -1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE -1 <= jaccard('a b c d e', body)", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') BETWEEN -1 AND 1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') >= @neg", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') >= 0", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, 'a b c d e') >= NULL", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM m WHERE jaccard(body, '') >= -1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON jaccard(a.body, b.body) >= -1", Expected: []Row{{16}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m a IGNORE INDEX (s8) JOIN m b IGNORE INDEX (s8) ON jaccard(a.body, b.body) >= -1", Expected: []Row{{16}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m a JOIN m b ON jaccard(a.body, b.body) BETWEEN -1 AND 1 AND a.id < b.id", Expected: []Row{{6}}, ExpectedIndexes: []string{}},
			// Above 0 the index answers, and an empty text is its own
			// near-duplicate.
			{Query: "SELECT id FROM m WHERE jaccard(body, '') >= 0.9 ORDER BY id", Expected: []Row{{4}}, ExpectedIndexes: []string{"minhash index s8"}},
			{Query: "SELECT jaccard('', ''), minhash_jaccard(minhash(''), minhash(''))", Expected: []Row{{1.0, 1.0}}},
			{Query: "SELECT id FROM m WHERE jaccard(body, 'a b c d e') >= 0.9 ORDER BY id", Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"minhash index s8"}},
			{Query: "SELECT a.id, b.id FROM m a JOIN m b ON jaccard(a.body, b.body) >= 0.9 AND a.id < b.id ORDER BY 1, 2", Expected: []Row{{1, 2}}, ExpectedIndexes: []string{"minhash index s8"}},
			// minhash_jaccard() at or below 0: a scan, as before.
			{Query: "SELECT COUNT(*) FROM m WHERE minhash_jaccard(sig, 'a b c d e') >= -1", Expected: []Row{{4}}, ExpectedIndexes: []string{}},
			{Query: "SELECT COUNT(*) FROM m WHERE minhash_jaccard(sig, 'a b c d e') > 0", Expected: []Row{{2}}, ExpectedIndexes: []string{}},
		},
	},
	{
		// A whole self-join through a similarity index inside a subquery
		// (IN, NOT IN, a scalar subquery, DELETE … WHERE id IN): its rows
		// carry the outer scope's columns first, as go-mysql-server's
		// joins do (was 1105 "unable to find field with index 8 in row of
		// 6 columns"); each equal to its IGNORE INDEX scan.
		Name: "similarity self-joins inside subqueries",
		SetUpScript: []string{
			"CREATE TABLE m (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, fp BIGINT UNSIGNED AS (simhash(body)) STORED, INDEX s8 (sig) COMMENT 'minhash t=0.8', INDEX f3 (fp) COMMENT 'simhash k=3')",
			"INSERT INTO m (id, body) VALUES (1, 'a b c d e'), (2, 'a b c d e'), (3, 'v w x y z'), (4, 'p q r s t')",
		},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT b.id FROM m b IGNORE INDEX (s8) JOIN m c IGNORE INDEX (s8) ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id)", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id)", Expected: []Row{{2}}, ExpectedIndexes: []string{"minhash index s8"}},
			{Query: "SELECT a.id FROM m a WHERE a.id IN (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id) ORDER BY a.id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id NOT IN (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id)", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT b.id FROM m b JOIN m c ON jaccard(b.body, c.body) >= 0.9 AND b.id <> c.id)", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT b.id FROM m b JOIN m c ON hamming(b.fp, c.fp) <= 3 AND b.id <> c.id)", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT b.id FROM m b IGNORE INDEX (f3) JOIN m c IGNORE INDEX (f3) ON hamming(b.fp, c.fp) <= 3 AND b.id <> c.id)", Expected: []Row{{2}}},
			{Query: "SELECT a.id, (SELECT COUNT(*) FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id < c.id) FROM m a ORDER BY a.id", Expected: []Row{{1, 1}, {2, 1}, {3, 1}, {4, 1}}},
			{Query: "SELECT a.id, (SELECT MAX(b.id) FROM m b JOIN m c ON hamming(b.fp, c.fp) <= 3 AND b.id < c.id) FROM m a ORDER BY a.id", Expected: []Row{{1, 1}, {2, 1}, {3, 1}, {4, 1}}},
			// A derived table and a correlated EXISTS, as before.
			{Query: "SELECT COUNT(*) FROM (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id) p", Expected: []Row{{2}}},
			{Query: "SELECT a.id FROM m a WHERE EXISTS (SELECT 1 FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id WHERE b.id = a.id) ORDER BY a.id", Expected: []Row{{1}, {2}}},
			// Nested: a derived table inside a subquery, a subquery in a
			// subquery, and one correlated through the join's WHERE.
			{Query: "SELECT COUNT(*) FROM m a WHERE a.id IN (SELECT p.id FROM (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id <> c.id) p)", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM m x WHERE x.id IN (SELECT a.id FROM m a WHERE a.id IN (SELECT b.id FROM m b JOIN m c ON hamming(b.fp, c.fp) <= 3 AND b.id <> c.id))", Expected: []Row{{2}}},
			{Query: "SELECT a.id FROM m a WHERE 1 = (SELECT COUNT(*) FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id < c.id WHERE b.id = a.id) ORDER BY a.id", Expected: []Row{{1}}},
			{Query: "SELECT a.id FROM m a WHERE 1 = (SELECT COUNT(*) FROM m b IGNORE INDEX (s8) JOIN m c IGNORE INDEX (s8) ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id < c.id WHERE b.id = a.id) ORDER BY a.id", Expected: []Row{{1}}},
			{Query: "DELETE FROM m WHERE id IN (SELECT b.id FROM m b JOIN m c ON minhash_jaccard(b.sig, c.sig) >= 0.9 AND b.id < c.id)", Expected: nil},
			{Query: "SELECT id FROM m ORDER BY id", Expected: []Row{{2}, {3}, {4}}},
		},
	},
}
