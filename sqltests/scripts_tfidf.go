package sqltests

import "math"

// offTopic is cosine_tfidf('the dog sat', 'cat sat') over N = 3 with df
// the 3, cat 2, sat 2, dog 1: {the 0, dog ln 3, sat ln 1.5} against
// {cat ln 1.5, sat ln 1.5}.
var offTopic = math.Log(1.5) / (math.Sqrt2 * math.Hypot(math.Log(3), math.Log(1.5)))

// TFIDFScripts test the tfidf index kind (per-column document
// frequencies) and the functions that read it: cosine_tfidf(a, b,
// 'table.column'), tfidf(text, 'table.column') and keywords(text, n,
// 'table.column'). Weights are tf × ln(N / df) with tf = f / max f; a term
// no row holds counts as held by one.
var TFIDFScripts = []ScriptTest{
	{
		Name: "a tfidf index on a TEXT column",
		SetUpScript: []string{
			"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, INDEX body_tfidf (body) COMMENT 'tfidf')",
			// N = 3 (the NULL is no document); df: the 3, cat 2, sat 2, dog 1, ran 1.
			"INSERT INTO docs VALUES (1, 'the cat sat'), (2, 'the dog sat'), (3, 'the cat ran'), (4, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE docs", Expected: []Row{{"docs", "CREATE TABLE `docs` (\n  `id` int NOT NULL,\n  `body` text,\n  PRIMARY KEY (`id`),\n  KEY `body_tfidf` (`body`) COMMENT 'tfidf'\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			{Query: "SELECT index_name, index_type, index_comment FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'docs' AND index_name = 'body_tfidf'", Expected: []Row{{"body_tfidf", "TFIDF", "tfidf"}}},
			// cat: f 2 of max 2, ln(3/2); dog: f 1 of 2, ½ ln 3.
			{Query: "SELECT JSON_KEYS(tfidf('cat cat dog', 'docs.body')), JSON_EXTRACT(tfidf('cat cat dog', 'docs.body'), '$.cat'), JSON_EXTRACT(tfidf('cat cat dog', 'docs.body'), '$.dog')",
				Expected: []Row{{`["cat", "dog"]`, math.Log(1.5), 0.5 * math.Log(3)}}},
			// "the" is in every document: weight 0, kept for inspection.
			{Query: "SELECT tfidf('the', 'docs.body'), tfidf('', 'docs.body'), tfidf('?!', 'docs.body')", Expected: []Row{{`{"the": 0}`, "{}", "{}"}}},
			// {cat: ln 1.5} against {cat: ln 1.5, sat: ln 1.5}: 1/√2.
			{Query: "SELECT cosine_tfidf('the cat', 'cat sat', 'docs.body'), cosine_tfidf('cat sat', 'the cat', 'docs.body')", Expected: []Row{{1 / math.Sqrt2, 1 / math.Sqrt2}}},
			{Query: "SELECT cosine_tfidf('the cat', 'the cat', 'docs.body'), cosine_tfidf('cat', 'dog', 'docs.body')", Expected: []Row{{1.0, 0.0}}},
			// Zero vectors: no tokens, or only terms in every document.
			{Query: "SELECT cosine_tfidf('the', 'the', 'docs.body'), cosine_tfidf('', 'cat', 'docs.body')", Expected: []Row{{nil, nil}}},
			// zebra is in no document: idf ln(3/1), as dog and ran.
			{Query: "SELECT keywords('the cat dog ran zebra', 3, 'docs.body'), keywords('the cat dog ran zebra', 10, 'docs.body'), keywords('the', 3, 'docs.body'), keywords('cat', 0, 'docs.body')",
				Expected: []Row{{`["dog", "ran", "zebra"]`, `["dog", "ran", "zebra", "cat"]`, "[]", "[]"}}},
			{Query: "SELECT id, cosine_tfidf(body, 'cat sat', 'docs.body') FROM docs ORDER BY id", Expected: []Row{{1, 1.0}, {2, offTopic}, {3, offTopic}, {4, nil}}},
			{Query: "SELECT cosine_tfidf(NULL, 'a', 'docs.body'), cosine_tfidf('a', 'b', NULL), tfidf(NULL, 'docs.body'), tfidf('a', NULL), keywords('a', NULL, 'docs.body'), keywords('a', 3, NULL)",
				Expected: []Row{{nil, nil, nil, nil, nil, nil}}},
			// The database may be named, parts may be back-quoted, names are case-insensitive.
			{Query: "SELECT tfidf('dog', CONCAT(DATABASE(), '.docs.body')) = tfidf('dog', '`DOCS`.`Body`')", Expected: []Row{{1}}},
		},
	},
	{
		Name: "tfidf statistics follow INSERT, UPDATE, DELETE, REPLACE and transactions",
		SetUpScript: []string{
			"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT)",
			"INSERT INTO docs VALUES (1, 'the cat sat'), (2, 'the dog sat'), (3, 'the cat ran'), (4, NULL)",
			"CREATE INDEX body_tfidf ON docs (body) COMMENT 'tfidf'", // counts the rows there are
		},
		Assertions: []Assertion{
			{Query: "SELECT JSON_EXTRACT(tfidf('cat', 'docs.body'), '$.cat')", Expected: []Row{{math.Log(1.5)}}},
			// N = 4.
			{Query: "UPDATE docs SET body = 'zebra' WHERE id = 4", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('zebra the', 'docs.body'), '$.the'), JSON_EXTRACT(tfidf('zebra the', 'docs.body'), '$.zebra')", Expected: []Row{{math.Log(4.0 / 3), math.Log(4)}}},
			// N = 3; dog in none (idf ln 3, as in one), sat in one.
			{Query: "DELETE FROM docs WHERE id = 2", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('dog sat', 'docs.body'), '$.dog'), JSON_EXTRACT(tfidf('dog sat', 'docs.body'), '$.sat')", Expected: []Row{{math.Log(3), math.Log(3)}}},
			// 'the cat sat' becomes 'cat cat': the in 1 of 3, cat in 2.
			{Query: "REPLACE INTO docs VALUES (1, 'cat cat')", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('the cat', 'docs.body'), '$.the'), JSON_EXTRACT(tfidf('the cat', 'docs.body'), '$.cat')", Expected: []Row{{math.Log(3), math.Log(1.5)}}},
			{Query: "INSERT INTO docs VALUES (1, 'x') ON DUPLICATE KEY UPDATE body = 'the cat sat'", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('the', 'docs.body'), '$.the')", Expected: []Row{{math.Log(1.5)}}},
			// A transaction sees its own changes; a rollback drops them.
			{Query: "BEGIN", Expected: []Row{}},
			{Query: "INSERT INTO docs VALUES (10, 'the the the')", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('the', 'docs.body'), '$.the')", Expected: []Row{{math.Log(4.0 / 3)}}},
			{Query: "ROLLBACK", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('the', 'docs.body'), '$.the')", Expected: []Row{{math.Log(1.5)}}},
			// A savepoint's rollback drops what came after it.
			{Query: "BEGIN", Expected: []Row{}},
			{Query: "INSERT INTO docs VALUES (11, 'cat')", Expected: nil},
			{Query: "SAVEPOINT s", Expected: []Row{}},
			{Query: "INSERT INTO docs VALUES (12, 'cat')", Expected: nil},
			{Query: "ROLLBACK TO SAVEPOINT s", Expected: []Row{}},
			{Query: "COMMIT", Expected: []Row{}},
			// N = 4 (1, 3, 4, 11); cat in 3.
			{Query: "SELECT JSON_EXTRACT(tfidf('cat', 'docs.body'), '$.cat'), (SELECT COUNT(*) FROM docs)", Expected: []Row{{math.Log(4.0 / 3), 4}}},
			// A failed statement leaves nothing behind.
			{Query: "INSERT INTO docs VALUES (20, 'cat'), (1, 'duplicate')", ExpectedErr: "for key 'docs.PRIMARY'"},
			{Query: "SELECT JSON_EXTRACT(tfidf('cat', 'docs.body'), '$.cat')", Expected: []Row{{math.Log(4.0 / 3)}}},
			// Dropped, the statistics are gone; made again, counted again.
			{Query: "DROP INDEX body_tfidf ON docs", Expected: []Row{}},
			{Query: "SELECT tfidf('cat', 'docs.body')", ExpectedErr: "Can't find a document-frequency index matching the column"},
			{Query: "ALTER TABLE docs ADD INDEX df (body) COMMENT 'tfidf'", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('cat', 'docs.body'), '$.cat')", Expected: []Row{{math.Log(4.0 / 3)}}},
			// A table rewrite rebuilds them.
			{Query: "ALTER TABLE docs ADD COLUMN extra INT", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('cat', 'docs.body'), '$.cat')", Expected: []Row{{math.Log(4.0 / 3)}}},
			// N = 0: no weights.
			{Query: "TRUNCATE TABLE docs", Expected: []Row{}},
			{Query: "SELECT tfidf('cat', 'docs.body'), cosine_tfidf('cat', 'cat', 'docs.body'), keywords('cat', 3, 'docs.body')", Expected: []Row{{nil, nil, "[]"}}},
			// N = 1: every term the collection holds weighs ln 1 = 0, and so does a new one.
			{Query: "INSERT INTO docs (id, body) VALUES (1, 'cat dog')", Expected: nil},
			{Query: "SELECT tfidf('cat zebra', 'docs.body'), cosine_tfidf('cat', 'cat', 'docs.body')", Expected: []Row{{`{"cat": 0, "zebra": 0}`, nil}}},
		},
	},
	{
		Name: "tfidf DDL and errors",
		SetUpScript: []string{
			"CREATE TABLE notes (id INT PRIMARY KEY, title VARCHAR(100), n INT, body TEXT)",
			"INSERT INTO notes VALUES (1, 'red apple', 1, 'x'), (2, 'green apple', 2, 'y')",
		},
		Assertions: []Assertion{
			{Query: "ALTER TABLE notes ADD INDEX title_df (title) COMMENT 'tfidf'", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('apple red', 'notes.title'), '$.red'), JSON_EXTRACT(tfidf('apple red', 'notes.title'), '$.apple')", Expected: []Row{{math.Log(2), 0.0}}},
			{Query: "CREATE INDEX n_df ON notes (n) COMMENT 'tfidf'", ExpectedErr: "tfidf index n_df: column n is int; document frequencies are kept for a text column"},
			{Query: "CREATE INDEX b_df ON notes (body) COMMENT 'tfidf k=3'", ExpectedErr: "tfidf index b_df: the comment takes no parameters"},
			{Query: "CREATE UNIQUE INDEX b_df ON notes (body) COMMENT 'tfidf'", ExpectedErr: "a tfidf index cannot be UNIQUE"},
			{Query: "CREATE INDEX b_df ON notes (title, body) COMMENT 'tfidf'", ExpectedErr: "tfidf index b_df: index one text column, not 2"},
			{Query: "SELECT tfidf('a', 'notes.body')", ExpectedErr: "Can't find a document-frequency index matching the column"},
			{Query: "SELECT cosine_tfidf('a', 'b', 'notes.nocolumn')", ExpectedErr: "Unknown column 'nocolumn' in 'notes'"},
			{Query: "SELECT keywords('a', 3, 'nonotes.title')", ExpectedErr: ".nonotes' doesn't exist"},
			{Query: "SELECT tfidf('a', 'nodb.notes.title')", ExpectedErr: "Unknown database 'nodb'"},
			{Query: "SELECT tfidf('a', 'title')", ExpectedErr: `Incorrect arguments to tfidf: "title" is not a column name: give 'table.column' or 'database.table.column'`},
			{Query: "SELECT tfidf('a', 'a.b.c.d')", ExpectedErr: `"a.b.c.d" is not a column name`},
			{Query: "SELECT tfidf('a', 'notes..title')", ExpectedErr: `"notes..title" is not a column name`},
			{Query: "SELECT tfidf('a', 'notes. title')", ExpectedErr: `"notes. title" is not a column name`},
			{Query: "SELECT cosine_tfidf('a', 'b', 5)", ExpectedErr: "Incorrect arguments to cosine_tfidf: the column must be named by a string 'table.column', got 5"},
			{Query: "SELECT tfidf('a')", ExpectedErr: "expected 2 arguments, 1 received"},
			// Regression: go-mysql-server checked the index's prefix length
			// again when a TEXT column it indexes was modified (1170); the
			// index is kept (catalog/compat_modify_custom_index.go).
			{Query: "CREATE TABLE m (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')", Expected: []Row{}},
			{Query: "INSERT INTO m VALUES (1, 'a b'), (2, 'a')", Expected: nil},
			{Query: "ALTER TABLE m MODIFY body MEDIUMTEXT", Expected: []Row{}},
			{Query: "SELECT data_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'm' AND column_name = 'body'", Expected: []Row{{"mediumtext"}}},
			{Query: "SELECT JSON_EXTRACT(tfidf('b', 'm.body'), '$.b')", Expected: []Row{{math.Log(2)}}},
			// A temporary table shadows the base table of its name, statistics too.
			{Query: "CREATE TEMPORARY TABLE notes (id INT PRIMARY KEY, title TEXT, KEY df (title) COMMENT 'tfidf')", Expected: []Row{}},
			{Query: "INSERT INTO notes VALUES (1, 'red'), (2, 'red'), (3, 'blue'), (4, 'blue')", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('red', 'notes.title'), '$.red')", Expected: []Row{{math.Log(2)}}},
			{Query: "DELETE FROM notes WHERE id = 1", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('red', 'notes.title'), '$.red')", Expected: []Row{{math.Log(3)}}},
			// In a transaction, each statement reads the statistics as they are.
			{Query: "BEGIN", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('red', 'notes.title'), '$.red')", Expected: []Row{{math.Log(3)}}},
			{Query: "INSERT INTO notes VALUES (5, 'green'), (6, 'green')", Expected: nil},
			{Query: "SELECT JSON_EXTRACT(tfidf('red', 'notes.title'), '$.red')", Expected: []Row{{math.Log(5)}}},
			{Query: "COMMIT", Expected: []Row{}},
			{Query: "DROP TEMPORARY TABLE notes", Expected: []Row{}},
			{Query: "SELECT JSON_EXTRACT(tfidf('red', 'notes.title'), '$.red')", Expected: []Row{{math.Log(2)}}},
		},
	},
}
