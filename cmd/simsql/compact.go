package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/simsql/simsql/storage"
)

// compactCmd is `simsql compact --data-dir D`: with no server running on
// D (its LOCK is taken, so a running server makes it fail at once), it
// returns the space of deleted rows to the file system, as OPTIMIZE TABLE
// does for one table (storage.Store.Reclaim over every keyspace: bbolt
// rewrites simsql.db if at least storage.RewriteShare of it is free pages;
// pebble compacts every key range), and prints what it did. A missing D
// is an error, not a new data directory.
func compactCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("compact", stderr)
	dataDir := fs.String("data-dir", "./simsql-data", "data `directory` to compact (no server may be running on it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if _, err := os.Stat(*dataDir); err != nil {
		return fmt.Errorf("data directory %s: %w", *dataDir, err)
	}
	s, err := storage.Open(*dataDir, storage.Options{})
	if err != nil {
		return err
	}
	r, err := s.Reclaim(context.Background(), time.Minute, nil)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "simsql compact: %s: %s\n", *dataDir, r.Note("every table"))
	return err
}
