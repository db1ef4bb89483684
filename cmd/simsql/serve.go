package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"syscall"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/sirupsen/logrus"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/indexes"
	"github.com/simsql/simsql/textsim"
)

// serveCmd runs the server until SIGINT or SIGTERM. It prints one line to
// stdout once it accepts connections (the sqltests harness parses it).
func serveCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	var conn connFlags
	conn.register(fs)
	dataDir := fs.String("data-dir", "./simsql-data", "`directory` for the server's data (created if missing)")
	logLevel := fs.String("log-level", "warn", "logging `level`: trace, debug, info, warn, error")
	cpuProfile := fs.String("cpu-profile", "", "write a CPU profile (pprof) of the serving, from the ready line to shutdown, to `file`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	level, err := logrus.ParseLevel(*logLevel)
	if err != nil {
		return usagef("--log-level: %v", err)
	}
	logrus.SetLevel(level)
	logrus.SetOutput(stderr)

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		return err
	}
	indexes.Register()
	catalog.ProgressLog = func(line string) { fmt.Fprintln(stderr, "simsql: "+line) }
	pro, err := catalog.Open(dir)
	if err != nil {
		return err
	}
	defer pro.Close()
	// Server-side LOAD DATA INFILE and SELECT ... INTO OUTFILE may only touch
	// this directory (MySQL's secure_file_priv).
	filesDir := filepath.Join(dir, "files")
	if err := os.MkdirAll(filesDir, 0o750); err != nil {
		return err
	}
	engine := catalog.NewEngine(pro)
	defer engine.Close()
	// Load the analyzer's dictionaries (about 2 s) before accepting
	// connections, so that no query pays for them.
	textsim.Default()
	if err := configure(engine, conn.user, conn.password, filesDir); err != nil {
		return err
	}

	ln, err := net.Listen("tcp", conn.addr())
	if err != nil {
		return err
	}
	cfg := server.Config{Protocol: "tcp", Address: ln.Addr().String(), Listener: ln}
	srv, err := server.NewServer(cfg, engine, sql.NewContext, pro.SessionBuilder(), nil)
	if err != nil {
		ln.Close()
		return err
	}

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			srv.Close()
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			srv.Close()
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Start() }()
	fmt.Fprintf(stdout, "simsql: serving MySQL protocol on %s (data dir %s)\n", ln.Addr(), dir)

	select {
	case err = <-done:
		return fmt.Errorf("server stopped: %v", err)
	case <-ctx.Done():
	}
	srv.Close()
	return <-done
}

// configure sets up what every connection relies on: the one account that
// may connect, and the global system variables LOAD DATA LOCAL INFILE needs.
//
// The account is ephemeral (go-mysql-server does not persist it): the flags
// define it on each start. Its host is '%', so it matches clients on any
// address the server listens on.
func configure(engine *sqle.Engine, user, password, secureFileDir string) error {
	mysqlDb := engine.Analyzer.Catalog.MySQLDb
	ed := mysqlDb.Editor()
	mysqlDb.AddEphemeralSuperUser(ed, user, "%", password)
	ed.Close()

	// AssignValues, unlike SetGlobal, also sets read-only variables.
	err := sql.SystemVariables.AssignValues(map[string]any{
		"local_infile":     int8(1),
		"secure_file_priv": secureFileDir,
	})
	if err != nil {
		return fmt.Errorf("setting global system variables: %w", err)
	}
	return nil
}
