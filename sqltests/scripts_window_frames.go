package sqltests

// WindowFrameScripts hold aggregates over windows with ORDER BY and no
// frame clause to MySQL's default frame, RANGE BETWEEN UNBOUNDED
// PRECEDING AND CURRENT ROW (go-mysql-server 0.20 gave MAX and every
// aggregate over a named window the whole partition, and MIN, SUM, AVG and
// COUNT a frame of rows without the current row's peers;
// compat/window_frames.go). TestWindowFrameScripts runs them on MariaDB
// too.
var WindowFrameScripts = []ScriptTest{
	{
		Name: "default window frame with ORDER BY",
		SetUpScript: []string{
			"CREATE TABLE u (id INT PRIMARY KEY, a BIGINT UNSIGNED, b BIGINT, g INT)",
			"INSERT INTO u VALUES (1, 18446744073709551615, -1, 1), (2, 9223372036854775808, -9223372036854775808, 1), (3, 5, 5, 2), (4, 7, 6, 2)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, MAX(b) OVER (ORDER BY id), MIN(b) OVER (ORDER BY id), MAX(a) OVER (ORDER BY id DESC) FROM u ORDER BY id",
				Expected: []Row{{1, -1, -1, "18446744073709551615"}, {2, -1, "-9223372036854775808", "9223372036854775808"}, {3, 5, "-9223372036854775808", 7}, {4, 6, "-9223372036854775808", 7}}},
			{Query: "SELECT id, MAX(id) OVER (ORDER BY id) FROM u ORDER BY id", Expected: []Row{{1, 1}, {2, 2}, {3, 3}, {4, 4}}},
			// Peers (rows of equal g) are in each other's frame.
			{Query: "SELECT id, COUNT(*) OVER (ORDER BY g), MAX(id) OVER (ORDER BY g), SUM(id) OVER (ORDER BY g) FROM u ORDER BY id",
				Expected: []Row{{1, 2, 2, 3}, {2, 2, 2, 3}, {3, 4, 4, 10}, {4, 4, 4, 10}}},
			{Query: "SELECT id, MAX(b) OVER (PARTITION BY g ORDER BY id), MIN(id) OVER (PARTITION BY g ORDER BY id DESC) FROM u ORDER BY id",
				Expected: []Row{{1, -1, 1}, {2, -1, 2}, {3, 5, 3}, {4, 6, 4}}},
			// Without ORDER BY the frame is the partition; with a frame clause, that frame.
			{Query: "SELECT id, MAX(id) OVER (), MAX(id) OVER (PARTITION BY g), SUM(id) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM u ORDER BY id",
				Expected: []Row{{1, 4, 2, 3}, {2, 4, 2, 6}, {3, 4, 4, 9}, {4, 4, 4, 7}}},
		},
	},
}
