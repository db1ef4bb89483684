package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// importCmd loads JSONL, CSV files and directories of documents into a
// table over the MySQL protocol.
func importCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", stderr)
	var conn connFlags
	conn.register(fs)
	table := fs.String("table", "", "`name` of the table to load (required)")
	database := fs.String("database", "simsql", "`database` of the table")
	batch := fs.Int("batch", 500, "rows per INSERT `statement`")
	create := fs.Bool("create", false, "create the table if it does not exist")
	quiet := fs.Bool("quiet", false, "no progress bar")
	replace := fs.Bool("replace", false, "a row whose primary or unique key is in the table replaces the row there (REPLACE)")
	ignore := fs.Bool("ignore", false, "a row whose primary or unique key is in the table is skipped (INSERT IGNORE), so that a partial import can be run again")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: simsql import --table T [flags] FILE.jsonl|FILE.ndjson|FILE.csv|DIR...\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *table == "":
		return usagef("--table is required")
	case fs.NArg() == 0:
		return usagef("no FILE or DIR to import")
	case *batch < 1:
		return usagef("--batch must be at least 1")
	case *replace && *ignore:
		return usagef("--replace and --ignore exclude each other")
	}
	dup := duplicateFails
	if *replace {
		dup = duplicateReplace
	} else if *ignore {
		dup = duplicateIgnore
	}
	var inputs []input
	var total int64
	for _, path := range fs.Args() {
		in, err := classify(path)
		if err != nil {
			return err
		}
		n, err := in.size()
		if err != nil {
			return err
		}
		inputs = append(inputs, in)
		total += n
	}

	cfg, err := mysql.ParseDSN(conn.dsn(*database))
	if err != nil {
		return err
	}
	cfg.InterpolateParams = true // one round trip per batch, no prepared statement
	db := sql.OpenDB(must(mysql.NewConnector(cfg)))
	defer db.Close()
	// One connection for the whole import: SHOW WARNINGS must see the
	// statement before it.
	ctx := context.Background()
	session, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer session.Close()

	start := time.Now()
	cols, err := tableColumns(ctx, session, *table)
	if errors.Is(err, errNoTable) {
		if !*create {
			return fmt.Errorf("table %s.%s does not exist (use --create to create it)", *database, *table)
		}
		cols, err = createTable(ctx, session, *table, inputs)
	}
	if err != nil {
		return err
	}

	var progress io.Writer = io.Discard
	if !*quiet && isTerminal(os.Stderr) {
		bar := progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("importing"),
			progressbar.OptionShowBytes(true),
			progressbar.OptionShowTotalBytes(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionFullWidth(),
			progressbar.OptionClearOnFinish(),
		)
		defer bar.Finish()
		progress = bar
	}

	ins := newInserter(ctx, session, *table, cols, *batch, dup)
	skipped := 0
	skip := func(path, why string) {
		skipped++
		fmt.Fprintf(stderr, "simsql import: skipping %s: %s\n", path, why)
	}
	// A file that cannot be read to its end (a truncated or malformed
	// line) stops the import after the rows read before it are sent, as a
	// row the server refuses does, so that --ignore can resume it.
	var insertErr error
	add := func(r record) error {
		insertErr = ins.add(r)
		return insertErr
	}
	for _, in := range inputs {
		if err := in.read(progress, add, skip); err != nil {
			if insertErr != nil {
				ins.abort()
				return err
			}
			if err := ins.finish(); err != nil {
				return err
			}
			return fmt.Errorf("%w (%s imported before it)", err, plural(int(ins.rows), "row"))
		}
		if err := ins.flush(); err != nil {
			ins.abort()
			return err
		}
	}
	if err := ins.finish(); err != nil {
		return err
	}
	if p, ok := progress.(*progressbar.ProgressBar); ok {
		p.Finish()
	}
	var notes []string
	switch dup {
	case duplicateReplace:
		notes = append(notes, "replaced "+plural(int(ins.replaced), "existing row"))
	case duplicateIgnore:
		notes = append(notes, "skipped "+plural(int(ins.ignored), "row")+" whose key is in the table")
	}
	if skipped > 0 {
		notes = append(notes, fmt.Sprintf("%s or directories skipped, listed above", plural(skipped, "file")))
	}
	summary := fmt.Sprintf("imported %s into %s in %.1f s", plural(int(ins.rows), "row"), *table, time.Since(start).Seconds())
	if len(notes) > 0 {
		summary += " (" + strings.Join(notes, "; ") + ")"
	}
	fmt.Fprintln(stdout, summary)
	return nil
}

var errNoTable = errors.New("no such table")

// tableColumns returns the columns of table in the current database, or
// errNoTable. It asks information_schema rather than probing the table, so
// the server logs no error for a table that does not exist yet.
func tableColumns(ctx context.Context, conn *sql.Conn, table string) ([]string, error) {
	rows, err := conn.QueryContext(ctx, `SELECT column_name FROM information_schema.columns
		WHERE table_schema = DATABASE() AND LOWER(table_name) = LOWER(?)
		ORDER BY ordinal_position`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(cols) == 0 {
		return nil, errNoTable
	}
	return cols, nil
}

// createTable creates table with the columns of inputs: an id BIGINT
// AUTO_INCREMENT primary key unless the data has its own id (then a
// VARCHAR(255) primary key), path VARCHAR(1024) for documents of a
// directory, and LONGTEXT for every other column.
func createTable(ctx context.Context, conn *sql.Conn, table string, inputs []input) ([]string, error) {
	var cols []string
	seen := map[string]bool{}
	fromDir := false
	for _, in := range inputs {
		c, err := in.columns()
		if err != nil {
			return nil, err
		}
		fromDir = fromDir || in.kind == dirInput
		for _, name := range c {
			if !seen[strings.ToLower(name)] {
				seen[strings.ToLower(name)] = true
				cols = append(cols, name)
			}
		}
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("cannot create table %s: the input has no columns (empty file?)", table)
	}
	var defs []string
	if !seen["id"] {
		defs = append(defs, "`id` BIGINT AUTO_INCREMENT PRIMARY KEY")
	}
	for _, c := range cols {
		typ := "LONGTEXT"
		switch {
		case strings.EqualFold(c, "id"):
			typ = "VARCHAR(255) PRIMARY KEY"
		case fromDir && c == "path":
			typ = "VARCHAR(1024)"
		}
		defs = append(defs, quoteIdent(c)+" "+typ)
	}
	stmt := "CREATE TABLE " + quoteIdent(table) + " (" + strings.Join(defs, ", ") + ")"
	if _, err := conn.ExecContext(ctx, stmt); err != nil {
		return nil, fmt.Errorf("creating table %s: %v", table, err)
	}
	return tableColumns(ctx, conn, table)
}

// quoteIdent quotes a MySQL identifier with backticks.
func quoteIdent(s string) string {
	return "`" + strings.ReplaceAll(s, "`", "``") + "`"
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
