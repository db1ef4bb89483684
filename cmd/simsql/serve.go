package main

import (
	"context"
	"flag"
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
	"github.com/simsql/simsql/storage"
)

// serveCmd runs the server until SIGINT or SIGTERM. It prints one line to
// stdout once it accepts connections (the sqltests harness parses it).
func serveCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	var conn connFlags
	conn.register(fs)
	dataDir := fs.String("data-dir", "./simsql-data", "`directory` for the server's data (created if missing; its parent must exist)")
	storageEngine := fs.String("storage-engine", storage.DefaultEngine, "storage `engine` of a new data directory: bbolt or pebble (an existing one keeps its own)")
	logLevel := fs.String("log-level", "warn", "logging `level`: trace, debug, info, warn, error")
	tlsCert := fs.String("tls-cert", "", "PEM `file` with the server's TLS certificate chain (with --tls-key: clients may use TLS)")
	tlsKey := fs.String("tls-key", "", "PEM `file` with the private key of --tls-cert")
	requireTLS := fs.Bool("require-secure-transport", false, "refuse connections without TLS (needs --tls-cert and --tls-key)")
	maxExec := fs.Int64("max-execution-time", 0, "default max_execution_time in `milliseconds` for SELECT statements (0: no limit)")
	cpuProfile := fs.String("cpu-profile", "", "write a CPU profile (pprof) of the serving, from the ready line to shutdown, to `file`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	accountFlags := false
	fs.Visit(func(f *flag.Flag) { accountFlags = accountFlags || f.Name == "user" || f.Name == "password" })
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *maxExec < 0 {
		return usagef("--max-execution-time must be 0 or more milliseconds, got %d", *maxExec)
	}
	tlsConfig, err := loadTLS(*tlsCert, *tlsKey, *requireTLS)
	if err != nil {
		return err
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
	pro, err := catalog.OpenWith(dir, storage.Options{Engine: *storageEngine})
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
	conns := newConnRegistry()
	if err := configure(engine, conns, filesDir, *maxExec); err != nil {
		return err
	}
	mysqlDb := engine.Analyzer.Catalog.MySQLDb
	if err := setupAccounts(mysqlDb, dir, conn.user, conn.password, accountFlags); err != nil {
		return err
	}
	if err := checkListenAddress(mysqlDb, conn.host); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", conn.addr())
	if err != nil {
		return err
	}
	if tlsConfig != nil {
		// compat.InstallSystemVariables starts them as DISABLED.
		if err := sql.SystemVariables.AssignValues(map[string]any{"have_ssl": "YES", "have_openssl": "YES"}); err != nil {
			return fmt.Errorf("setting have_ssl: %w", err)
		}
	}
	ln = carryingListener{ln} // prepare_carried.go
	cfg := server.Config{Protocol: "tcp", Address: ln.Addr().String(), Listener: ln, Version: serverVersion(),
		TLSConfig: tlsConfig, RequireSecureTransport: *requireTLS, ProtocolListenerFactory: withDeniedAuth(mysqlDb)}
	if testHooks != nil {
		testHooks(engine)
	}
	pointGets = newPointGetter(engine) // pointget.go
	wrap := newHandler(engine.ProcessList.(*limitedProcessList), conns)
	srv, err := server.NewServerWithHandler(cfg, engine, conns.newContext, withConnSession(withClientCollation(withTLSStatus(pro.SessionBuilder()))), nil, wrap)
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

// testHooks, set only in binaries built with -tags simsql_testhooks
// (testhooks.go), registers test-only SQL functions.
var testHooks func(*sqle.Engine)

// configure sets up what every connection relies on: the global system
// variables LOAD DATA LOCAL INFILE needs, the default max_execution_time
// (milliseconds), @@version and @@version_comment (serverVersion), and
// the process list that enforces it and KILL and
// stops the statements of clients that went away (conns).
func configure(engine *sqle.Engine, conns *connRegistry, secureFileDir string, maxExecutionTime int64) error {
	engine.ProcessList = newLimitedProcessList(engine.ProcessList, conns)
	// AssignValues, unlike SetGlobal, also sets read-only variables.
	err := sql.SystemVariables.AssignValues(map[string]any{
		"local_infile":       int8(1),
		"secure_file_priv":   secureFileDir,
		"max_execution_time": maxExecutionTime,
		"version":            serverVersion(),
		"version_comment":    versionComment(),
	})
	if err != nil {
		return fmt.Errorf("setting global system variables: %w", err)
	}
	return nil
}
