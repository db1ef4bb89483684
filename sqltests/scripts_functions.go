package sqltests

// FunctionScripts are the SQL script tests of simsql's similarity
// functions: values, NULL handling, argument errors, and use in tables,
// generated columns, joins and aggregates.
var FunctionScripts = []ScriptTest{
	{
		Name: "tokenize",
		Assertions: []Assertion{
			{Query: "SELECT tokenize('Hello, World!')", Expected: []Row{{`["hello", "world"]`}}},
			{Query: "SELECT tokenize('Version 1.26 of naïve Straße')", Expected: []Row{{`["version", "1.26", "of", "naïve", "strasse"]`}}},
			{Query: "SELECT tokenize('後腳龍族幻想恰爛錢') = tokenize('后脚龙族幻想恰烂钱')", Expected: []Row{{1}}},
			{Query: "SELECT tokenize(''), tokenize('！？。'), tokenize(NULL)", Expected: []Row{{"[]", "[]", nil}}},
			// Soft hyphen removed, zero-width space a separator.
			{Query: "SELECT tokenize(CONCAT('co', X'C2AD', 'operate', X'E2808B', 'now'))", Expected: []Row{{`["cooperate", "now"]`}}},
			{Query: "SELECT JSON_LENGTH(tokenize('a a a b'))", Expected: []Row{{4}}},
			{Query: "SELECT tokenize()", ExpectedErr: "expected 1 argument"},
			{Query: "SELECT tokenize('a', 'b')", ExpectedErr: "expected 1 argument"},
		},
	},
	{
		Name: "simhash",
		Assertions: []Assertion{
			// Golden values: these bits are stored by users (fingerprint version 1).
			{Query: "SELECT simhash('Simhash detects near duplicates and not exact duplicates')", Expected: []Row{{"2149191636549173272"}}},
			{Query: "SELECT simhash('后脚龙族幻想恰烂钱')", Expected: []Row{{"13547611135268600396"}}},
			{Query: "SELECT simhash('後腳龍族幻想恰爛錢') = simhash('后脚龙族幻想恰烂钱')", Expected: []Row{{1}}},
			{Query: "SELECT simhash('ABC') = simhash('abc'), simhash('ＡＢＣ') = simhash('abc')", Expected: []Row{{1, 1}}},
			{Query: "SELECT simhash('abc') = simhash(X'616263')", Expected: []Row{{1}}},
			{Query: "SELECT simhash(''), simhash('  '), simhash('...'), simhash(NULL)", Expected: []Row{{nil, nil, nil, nil}}},
			{Query: "SELECT simhash('the of and') IS NOT NULL, simhash('the of and') <> 0", Expected: []Row{{1, 1}}},
			{Query: "SELECT hamming(simhash('The quick brown fox jumps over the lazy dog'), simhash('The quick brown fox jumped over the lazy dog')) < hamming(simhash('The quick brown fox jumps over the lazy dog'), simhash('Completely unrelated sentence about databases and indexes'))", Expected: []Row{{1}}},
			{Query: "SELECT simhash()", ExpectedErr: "expected 1 to 2 arguments, 0 received"},
			{Query: "SELECT simhash('a', 'v1', 'x')", ExpectedErr: "expected 1 to 2 arguments, 3 received"},
		},
	},
	{
		Name: "simhash options",
		Assertions: []Assertion{
			// Version 1 bit for bit without options, with '' and with 'v1'.
			{Query: "SELECT simhash('Simhash detects near duplicates and not exact duplicates', ''), simhash('Simhash detects near duplicates and not exact duplicates', 'v1 bits=64 weight=tfidf')", Expected: []Row{{"2149191636549173272", "2149191636549173272"}}},
			// Fingerprint version 2, selected explicitly (golden: users store these bits).
			{Query: "SELECT HEX(simhash('The quick brown fox jumps over the lazy dog', 'v2')), HEX(simhash('The quick brown fox jumps over the lazy dog', 'v2 bits=32'))", Expected: []Row{{"1933D366D216A4AE", "D216A4AE"}}},
			{Query: "SELECT simhash('后脚龙族幻想恰烂钱', 'v2') = simhash('後腳龍族幻想恰爛錢', 'v2'), simhash('cat dog', 'v2') = simhash('cat dog', 'weight=binary stopwords=drop ties=heaviest'), simhash('cat dog', 'v2') <> simhash('cat dog'), simhash('cat dog', 'v2') = simhash('cat', 'v2')", Expected: []Row{{1, 1, 1, 1}}},
			// The design's worked example: character bigrams, each hash bit ±1, unweighted (golden).
			{Query: "SELECT HEX(simhash('the cat sat on the mat', 'features=char2 weight=binary')), HEX(simhash('the cat sat on the mat', 'bits=32 features=char2 weight=binary'))", Expected: []Row{{"4A630817E2B207AA", "E2B207AA"}}},
			{Query: "SELECT simhash('hello world', 'features=char3') = simhash_ngram('hello world', 3), simhash('hello world', 'FEATURES=CHAR3, WEIGHT=TF') = simhash_ngram('hello world', 3)", Expected: []Row{{1, 1}}},
			// top=1 keeps the heaviest word: its fingerprint is that word's xxHash64; top=2 binary ties a and b where they differ.
			{Query: "SELECT simhash('a a a b b c', 'weight=tf top=1') = simhash('a', 'weight=tf'), simhash('a a a b b c', 'weight=binary top=2') = simhash('a', 'weight=tf')", Expected: []Row{{1, 0}}},
			// 32-bit fingerprints are below 2^32, and hamming() over them is at most 32.
			{Query: "SELECT simhash('the quick brown fox', 'bits=32') < 4294967296, hamming(simhash('the quick brown fox', 'bits=32'), simhash('completely unrelated words here', 'bits=32')) <= 32", Expected: []Row{{1, 1}}},
			{Query: "SELECT simhash('the quick brown fox', 'bits=32') = simhash('the quick brown fox') & 4294967295", Expected: []Row{{1}}},
			{Query: "SELECT hamming(4294967295, 0), hamming(simhash('abc', 'bits=32'), simhash('abc', 'bits=32'))", Expected: []Row{{32, 0}}},
			{Query: "SELECT simhash('the cat', 'weight=tf stopwords=drop') = simhash('cat', 'weight=tf'), simhash('a b b b', 'weight=binary ties=heaviest') = simhash('a', 'weight=binary')", Expected: []Row{{1, 1}}},
			{Query: "SELECT simhash('abc', NULL), simhash(NULL, 'bits=32'), simhash('...', 'bits=32')", Expected: []Row{{nil, nil, nil}}},
			{Query: "SELECT simhash('abc', 'bits=16')", ExpectedErr: `Incorrect arguments to simhash: bad simhash options: option "bits" must be 32 or 64, got "16"`},
			{Query: "SELECT simhash('abc', 'top=0')", ExpectedErr: `option "top" must be an integer from 1 to 1048576, got "0"`},
			{Query: "SELECT simhash('abc', 'features=char99')", ExpectedErr: `option "features" must be words or charN with N from 1 to 64, got "char99"`},
			{Query: "SELECT simhash('abc', 'weight=heavy')", ExpectedErr: `option "weight" must be tfidf, tf, logtf or binary, got "heavy"`},
			{Query: "SELECT simhash('abc', 'colour=red')", ExpectedErr: `unknown option "colour"`},
			{Query: "SELECT simhash('abc', 'bits=32 bits=64')", ExpectedErr: `option "bits" given twice`},
			{Query: "SELECT simhash('abc', 'features=char2 weight=tfidf')", ExpectedErr: `option "weight" tfidf needs features=words`},
			{Query: "SELECT simhash('abc', 32)", ExpectedErr: "options must be a string such as 'bits=32 top=20 features=char2 weight=binary', got 32"},
			// A generated column of a variant, and its index.
			{Query: "CREATE TABLE v (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body, 'bits=32 features=char2 weight=binary')) STORED)", Expected: nil},
			{Query: "INSERT INTO v (id, body) VALUES (1, 'the cat sat on the mat'), (2, NULL)", Expected: nil},
			{Query: "SELECT id, HEX(fp) FROM v ORDER BY id", Expected: []Row{{1, "E2B207AA"}, {2, nil}}},
		},
	},
	{
		Name: "keywords",
		Assertions: []Assertion{
			// tf = f / max f times the built-in IDF: English non-stop words all have the median IDF, so by frequency, then first occurrence; stop words (a, the, of, and) never.
			{Query: "SELECT keywords('the cat and the dog and the cat chased a bird', 3)", Expected: []Row{{`["cat", "dog", "chased"]`}}},
			{Query: "SELECT keywords('今天天气很好，我们去郊游。天气预报说明天天气也很好。', 3)", Expected: []Row{{`["今天天气", "郊游", "天气预报"]`}}},
			{Query: "SELECT JSON_LENGTH(keywords('a b c d e f g h', 100)), keywords('the of and', 5), keywords('cat', 0)", Expected: []Row{{7, "[]", "[]"}}},
			{Query: "SELECT keywords(NULL, 3), keywords('cat', NULL)", Expected: []Row{{nil, nil}}},
			{Query: "SELECT keywords('cat', -1)", ExpectedErr: "Incorrect arguments to keywords: n must be an integer from 0 to 10000, got -1"},
			{Query: "SELECT keywords('cat', 3, 'docs.body')", ExpectedErr: ".docs' doesn't exist"}, // more in TFIDFScripts
			{Query: "SELECT keywords('cat')", ExpectedErr: "expected 2 to 3 arguments, 1 received"},
		},
	},
	{
		Name: "simhash_ngram",
		Assertions: []Assertion{
			{Query: "SELECT simhash_ngram('hello world', 3)", Expected: []Row{{"14879046190107959586"}}},
			{Query: "SELECT simhash_ngram('Hello,  World!', 3) = simhash_ngram('hello world', 3)", Expected: []Row{{1}}},
			{Query: "SELECT simhash_ngram('ab', 5) = simhash_ngram('ab', 2)", Expected: []Row{{1}}},
			{Query: "SELECT simhash_ngram('', 3), simhash_ngram(NULL, 3), simhash_ngram('abc', NULL)", Expected: []Row{{nil, nil, nil}}},
			{Query: "SELECT simhash_ngram('abc', 0)", ExpectedErr: "Incorrect arguments to simhash_ngram: n must be an integer from 1 to 64, got 0"},
			{Query: "SELECT simhash_ngram('abc', 65)", ExpectedErr: "Incorrect arguments to simhash_ngram"},
			{Query: "SELECT simhash_ngram('abc', 2.5)", ExpectedErr: "Incorrect arguments to simhash_ngram"},
			{Query: "SELECT simhash_ngram('abc')", ExpectedErr: "expected 2 arguments"},
		},
	},
	{
		Name: "hamming",
		Assertions: []Assertion{
			{Query: "SELECT hamming(0, 0), hamming(0, 1), hamming(0, 18446744073709551615), hamming(-1, 0)", Expected: []Row{{0, 1, 64, 64}}},
			{Query: "SELECT hamming(CAST(18446744073709551615 AS UNSIGNED), -1), hamming(-9223372036854775808, 9223372036854775808)", Expected: []Row{{0, 0}}},
			{Query: "SELECT hamming(X'FF00', X'0F0F'), hamming('abc', 'abd'), hamming(X'', X'')", Expected: []Row{{8, 3, 0}}},
			{Query: "SELECT hamming(5, '7'), hamming(3.0, 1), hamming(TRUE, FALSE)", Expected: []Row{{1, 1, 1}}},
			{Query: "SELECT hamming(NULL, 5), hamming(5, NULL)", Expected: []Row{{nil, nil}}},
			{Query: "SELECT hamming(X'FF', X'FFFF')", ExpectedErr: "binary strings of 1 and 2 bytes"},
			{Query: "SELECT hamming(1.5, 0)", ExpectedErr: "Incorrect fingerprint value for hamming: 1.5"},
			{Query: "SELECT hamming('x', 1)", ExpectedErr: "Incorrect fingerprint value for hamming: x"},
			{Query: "SELECT hamming(18446744073709551616, 0)", ExpectedErr: "Incorrect fingerprint value for hamming"},
			{Query: "SELECT hamming(1)", ExpectedErr: "expected 2 arguments"},
		},
	},
	{
		Name: "minhash",
		Assertions: []Assertion{
			{Query: "SELECT LENGTH(minhash('a b c')), LENGTH(minhash('a b c', 64)), LENGTH(minhash('a b c', 4096, 7))", Expected: []Row{{1038, 526, 32782}}},
			// Golden value: 0xFF 'M' 'H', version 1, num_perm 2, seed 3, two minima.
			{Query: "SELECT HEX(minhash('a b c', 2, 3))", Expected: []Row{{"FF4D48010002000000000000000304572AD8DF2454A303B52A25D675CCD8"}}},
			{Query: "SELECT minhash('b a c') = minhash('a b c a'), minhash('a b c') = minhash('a b d')", Expected: []Row{{1, 0}}},
			{Query: "SELECT minhash('a b c', 128, 18446744073709551615) IS NOT NULL", Expected: []Row{{1}}},
			{Query: "SELECT minhash(NULL), minhash('a', NULL), minhash('a', 8, NULL)", Expected: []Row{{nil, nil, nil}}},
			{Query: "SELECT minhash('a', 0)", ExpectedErr: "num_perm must be an integer from 1 to 4096, got 0"},
			{Query: "SELECT minhash('a', 4097)", ExpectedErr: "num_perm must be an integer from 1 to 4096, got 4097"},
			{Query: "SELECT minhash('a', 2, -1)", ExpectedErr: "seed must be an integer from 0 to 18446744073709551615, got -1"},
			{Query: "SELECT minhash()", ExpectedErr: "expected 1 to 4 arguments, 0 received"},
			{Query: "SELECT minhash('a', 1, 2, 'bottom-k', 5)", ExpectedErr: "expected 1 to 4 arguments, 5 received"},
			// The scheme argument: k-permutation by name is the default, bit for bit.
			{Query: "SELECT minhash('a b c', 2, 3, 'k-permutation') = minhash('a b c', 2, 3), minhash('a b c', 128, 1, 'K-PERMUTATION') = minhash('a b c')", Expected: []Row{{1, 1}}},
			// Golden value: 0xFF 'M' 'H', version 2 (bottom-k), k 2, seed 3, the two smallest values.
			{Query: "SELECT HEX(minhash('a b c', 2, 3, 'bottom-k'))", Expected: []Row{{"FF4D48020002000000000000000304572AD8DF2454A311FB772538027940"}}},
			{Query: "SELECT LENGTH(minhash('a b c', 128, 1, 'bottom-k')), LENGTH(minhash('', 128, 1, 'bottom-k')), LENGTH(minhash('a b c d e', 4, 1, 'bottom-k'))", Expected: []Row{{38, 14, 46}}},
			{Query: "SELECT minhash('b a c', 8, 1, 'bottom-k') = minhash('a b c a', 8, 1, 'bottom-k'), minhash('a b', 8, 1, 'bottom-k') = minhash('a b', 8, 2, 'bottom-k')", Expected: []Row{{1, 0}}},
			{Query: "SELECT minhash('a', 8, 1, NULL), minhash(NULL, 8, 1, 'bottom-k')", Expected: []Row{{nil, nil}}},
			{Query: "SELECT minhash('a', 8, 1, 'bottomk')", ExpectedErr: "Incorrect arguments to minhash: scheme must be 'k-permutation' or 'bottom-k', got bottomk"},
			{Query: "SELECT minhash('a', 8, 1, 3)", ExpectedErr: "scheme must be 'k-permutation' or 'bottom-k', got 3"},
			{Query: "SELECT minhash('a', 0, 1, 'bottom-k')", ExpectedErr: "num_perm must be an integer from 1 to 4096, got 0"},
		},
	},
	{
		Name: "minhash_jaccard",
		Assertions: []Assertion{
			{Query: "SELECT minhash_jaccard(minhash('a b c d'), minhash('a b c d')), minhash_jaccard('a b c d', 'd c b a')", Expected: []Row{{1.0, 1.0}}},
			{Query: "SELECT minhash_jaccard('a b c d', 'a b c e')", Expected: []Row{{0.6328125}}},
			{Query: "SELECT minhash_jaccard(minhash('a b c d', 256, 9), 'a b c d'), minhash_jaccard('a b c d', minhash('a b c d', 256, 9))", Expected: []Row{{1.0, 1.0}}},
			{Query: "SELECT minhash_jaccard('', ''), minhash_jaccard('', 'a'), minhash_jaccard('x y', 'z w')", Expected: []Row{{1.0, 0.0, 0.0}}},
			{Query: "SELECT minhash_jaccard(NULL, 'a'), minhash_jaccard(minhash('a'), NULL)", Expected: []Row{{nil, nil}}},
			{Query: "SELECT minhash_jaccard(minhash('a b', 128, 1), minhash('a b', 64, 1))", ExpectedErr: "minhash signatures are incompatible: 128 permutations with seed 1 against 64 with seed 1"},
			{Query: "SELECT minhash_jaccard(minhash('a b', 64, 1), minhash('a b', 64, 2))", ExpectedErr: "minhash signatures are incompatible"},
			{Query: "SELECT minhash_jaccard(X'FF4D4801', 'x')", ExpectedErr: "invalid minhash signature"},
			// Bottom-k: exact while the union has at most k tokens; a text is signed like the sketch.
			{Query: "SELECT minhash_jaccard(minhash('a b c d', 8, 1, 'bottom-k'), minhash('a b c e', 8, 1, 'bottom-k')), minhash_jaccard(minhash('a b c d', 8, 1, 'bottom-k'), 'a b c e'), minhash_jaccard('a b c e', minhash('a b c d', 8, 1, 'bottom-k'))", Expected: []Row{{0.6, 0.6, 0.6}}},
			{Query: "SELECT minhash_jaccard(minhash('', 8, 1, 'bottom-k'), ''), minhash_jaccard(minhash('', 8, 1, 'bottom-k'), 'a'), minhash_jaccard(minhash('a', 8, 1, 'bottom-k'), NULL)", Expected: []Row{{1.0, 0.0, nil}}},
			{Query: "SELECT minhash_jaccard(minhash('a b c d e f g h', 4, 1, 'bottom-k'), 'a b c d e f g h')", Expected: []Row{{1.0}}},
			{Query: "SELECT minhash_jaccard(minhash('a b', 8, 1, 'bottom-k'), minhash('a b', 8, 1))", ExpectedErr: "minhash signatures of different schemes cannot be compared: a bottom-k signature (k=8, seed 1) against a k-permutation signature (8 permutations, seed 1)"},
			{Query: "SELECT minhash_jaccard(minhash('a b', 8, 1, 'bottom-k'), minhash('a b', 16, 1, 'bottom-k'))", ExpectedErr: "minhash signatures are incompatible: bottom-k with k=8 and seed 1 against k=16 and seed 1"},
			{Query: "SELECT minhash_jaccard(X'FF4D480200040000000000000001FF', 'x')", ExpectedErr: "invalid minhash signature"},
			{Query: "SELECT minhash_jaccard('a')", ExpectedErr: "expected 2 arguments"},
		},
	},
	{
		Name: "jaccard and tanimoto",
		Assertions: []Assertion{
			{Query: "SELECT jaccard('a b c', 'b c d'), jaccard('the cat sat', 'the cat ran'), jaccard('A, B!', 'a b')", Expected: []Row{{0.5, 0.5, 1.0}}},
			{Query: "SELECT jaccard('', ''), jaccard('', 'a'), jaccard('...', '!!!')", Expected: []Row{{1.0, 0.0, 1.0}}},
			{Query: "SELECT tanimoto('a a b', 'a b b'), tanimoto('a b', 'a b'), tanimoto('a', 'b'), tanimoto('', '')", Expected: []Row{{2.0 / 3, 1.0, 0.0, 1.0}}},
			{Query: "SELECT tanimoto('a a a', 'a'), tanimoto('', 'a')", Expected: []Row{{3.0 / 7, 0.0}}},
			{Query: "SELECT jaccard(NULL, 'a'), tanimoto('a', NULL)", Expected: []Row{{nil, nil}}},
			{Query: "SELECT jaccard('a')", ExpectedErr: "expected 2 arguments"},
		},
	},
	{
		Name: "cosine and cosine_tfidf",
		Assertions: []Assertion{
			{Query: "SELECT cosine('a a b', 'a b b'), cosine('a b', 'c d'), cosine(REPEAT('x y ', 9), 'x y')", Expected: []Row{{0.8, 0.0, 1.0}}},
			{Query: "SELECT cosine('', 'a'), cosine('a', '...'), cosine(NULL, 'a')", Expected: []Row{{nil, nil, nil}}},
			{Query: "SELECT cosine_tfidf('the cat', 'the cat'), cosine_tfidf('cat', 'the cat'), cosine_tfidf('1 2', '3 4')", Expected: []Row{{1.0, 1.0, 0.0}}},
			{Query: "SELECT cosine_tfidf('the', 'the'), cosine_tfidf('', 'a'), cosine_tfidf(NULL, 'a')", Expected: []Row{{nil, nil, nil}}},
			{Query: "SELECT cosine_tfidf('我们去郊游', '我们去爬山') > 0, cosine_tfidf('我们去郊游', '我们去爬山') < 1", Expected: []Row{{1, 1}}},
			// Symmetric to the bit (regression: the sum order followed the arguments).
			{Query: "SELECT cosine_tfidf('Permission is hereby granted, free of charge, to any person', 'Permission to use, copy, modify, and distribute this software for any purpose') = cosine_tfidf('Permission to use, copy, modify, and distribute this software for any purpose', 'Permission is hereby granted, free of charge, to any person')", Expected: []Row{{1}}},
			{Query: "SELECT cosine_tfidf('a', 'b', 'docs.body')", ExpectedErr: ".docs' doesn't exist"},
			{Query: "SELECT cosine_tfidf('a')", ExpectedErr: "expected 2 to 3 arguments, 1 received"},
		},
	},
	{
		Name: "functions over a table with a generated fingerprint column",
		SetUpScript: []string{
			"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, sig VARBINARY(2048))",
			"INSERT INTO docs (id, body, sig) VALUES " +
				"(1, 'The quick brown fox jumps over the lazy dog', minhash('The quick brown fox jumps over the lazy dog')), " +
				"(2, 'The quick brown fox jumps over the lazy dog!', minhash('The quick brown fox jumps over the lazy dog!')), " +
				"(3, 'Near-duplicate detection with SimHash fingerprints', minhash('Near-duplicate detection with SimHash fingerprints')), " +
				"(4, '', minhash('')), (5, NULL, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, fp = simhash(body) FROM docs WHERE body <> '' ORDER BY id", Expected: []Row{{1, 1}, {2, 1}, {3, 1}}},
			{Query: "SELECT id FROM docs WHERE fp IS NULL ORDER BY id", Expected: []Row{{4}, {5}}},
			{Query: "SELECT a.id, b.id, hamming(a.fp, b.fp) FROM docs a JOIN docs b ON a.id < b.id WHERE hamming(a.fp, b.fp) <= 3 ORDER BY a.id, b.id", Expected: []Row{{1, 2, 0}}},
			{Query: "SELECT a.id, b.id, jaccard(a.body, b.body), minhash_jaccard(a.sig, b.sig) FROM docs a JOIN docs b ON a.id < b.id WHERE a.id = 1 AND b.id = 2", Expected: []Row{{1, 2, 1.0, 1.0}}},
			{Query: "SELECT COUNT(*) FROM docs WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) = 0", Expected: []Row{{2}}},
			{Query: "UPDATE docs SET body = 'Near-duplicate detection with SimHash fingerprint' WHERE id = 4", Expected: nil},
			// One word of six changed: 14 bits apart as words, 2 bits as character 3-grams.
			{Query: "SELECT hamming(fp, (SELECT fp FROM docs WHERE id = 3)) FROM docs WHERE id = 4", Expected: []Row{{14}}},
			{Query: "SELECT hamming(simhash_ngram(a.body, 3), simhash_ngram(b.body, 3)) FROM docs a, docs b WHERE a.id = 3 AND b.id = 4", Expected: []Row{{2}}},
			{Query: "SELECT id FROM docs WHERE jaccard(body, 'the lazy dog') > 0.3 ORDER BY id", Expected: []Row{{1}, {2}}},
		},
	},
}
