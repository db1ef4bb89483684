package main

import (
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
	db.SetMaxOpenConns(1)

	start := time.Now()
	cols, err := tableColumns(db, *table)
	if errors.Is(err, errNoTable) {
		if !*create {
			return fmt.Errorf("table %s.%s does not exist (use --create to create it)", *database, *table)
		}
		cols, err = createTable(db, *table, inputs)
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

	ins := newInserter(db, *table, cols, *batch)
	for _, in := range inputs {
		if err := in.read(progress, ins.add); err != nil {
			return err
		}
		if err := ins.flush(); err != nil {
			return err
		}
	}
	if p, ok := progress.(*progressbar.ProgressBar); ok {
		p.Finish()
	}
	fmt.Fprintf(stdout, "imported %d rows into %s in %.1f s\n", ins.rows, *table, time.Since(start).Seconds())
	return nil
}

var errNoTable = errors.New("no such table")

// tableColumns returns the columns of table in the current database, or
// errNoTable. It asks information_schema rather than probing the table, so
// the server logs no error for a table that does not exist yet.
func tableColumns(db *sql.DB, table string) ([]string, error) {
	rows, err := db.Query(`SELECT column_name FROM information_schema.columns
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
func createTable(db *sql.DB, table string, inputs []input) ([]string, error) {
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
	if _, err := db.Exec(stmt); err != nil {
		return nil, fmt.Errorf("creating table %s: %v", table, err)
	}
	return tableColumns(db, table)
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
