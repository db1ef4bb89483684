package main

import (
	"context"
	"crypto/tls"
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

// serveCmd runs the server until SIGINT or SIGTERM: it parses the flags
// (parseServe), builds the server (buildServer: the catalog with the
// indexes' extensions, the engine, accounts, the listener) and runs it. It
// prints one line to stdout once it accepts connections (the tests'
// harness, internal/simsqltest, parses it).
func serveCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseServe(args, stderr)
	if err != nil {
		return err
	}
	s, err := buildServer(cfg, stderr)
	if err != nil {
		return err
	}
	defer s.close()
	return s.run(stdout)
}

// serveConfig is what simsql serve's flags ask for, checked.
type serveConfig struct {
	conn          connFlags
	accountFlags  bool   // --user or --password was given
	dataDir       string // absolute
	storageEngine string
	tls           *tls.Config // nil: no TLS
	requireTLS    bool
	maxExec       int64 // default max_execution_time, milliseconds
	cpuProfile    string
}

// parseServe parses and checks simsql serve's flags and sets the log
// level.
func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	var cfg serveConfig
	fs := newFlagSet("serve", stderr)
	cfg.conn.register(fs)
	dataDir := fs.String("data-dir", "./simsql-data", "`directory` for the server's data (created if missing; its parent must exist)")
	fs.StringVar(&cfg.storageEngine, "storage-engine", storage.DefaultEngine, "storage `engine` of a new data directory: bbolt or pebble (an existing one keeps its own)")
	logLevel := fs.String("log-level", "warn", "logging `level`: trace, debug, info, warn, error")
	tlsCert := fs.String("tls-cert", "", "PEM `file` with the server's TLS certificate chain (with --tls-key: clients may use TLS)")
	tlsKey := fs.String("tls-key", "", "PEM `file` with the private key of --tls-cert")
	fs.BoolVar(&cfg.requireTLS, "require-secure-transport", false, "refuse connections without TLS (needs --tls-cert and --tls-key)")
	fs.Int64Var(&cfg.maxExec, "max-execution-time", 0, "default max_execution_time in `milliseconds` for SELECT statements (0: no limit)")
	fs.StringVar(&cfg.cpuProfile, "cpu-profile", "", "write a CPU profile (pprof) of the serving, from the ready line to shutdown, to `file`")
	if err := parseFlags(fs, args); err != nil {
		return cfg, err
	}
	fs.Visit(func(f *flag.Flag) { cfg.accountFlags = cfg.accountFlags || f.Name == "user" || f.Name == "password" })
	if fs.NArg() > 0 {
		return cfg, usagef("unexpected argument %q", fs.Arg(0))
	}
	if cfg.maxExec < 0 {
		return cfg, usagef("--max-execution-time must be 0 or more milliseconds, got %d", cfg.maxExec)
	}
	var err error
	if cfg.tls, err = loadTLS(*tlsCert, *tlsKey, cfg.requireTLS); err != nil {
		return cfg, err
	}
	level, err := logrus.ParseLevel(*logLevel)
	if err != nil {
		return cfg, usagef("--log-level: %v", err)
	}
	logrus.SetLevel(level)
	logrus.SetOutput(stderr)
	cfg.dataDir, err = filepath.Abs(*dataDir)
	return cfg, err
}

// builtServer is a server ready to run: its catalog, engine and listener.
type builtServer struct {
	cfg    serveConfig
	pro    *catalog.Store
	engine *sqle.Engine
	ln     net.Listener
	srv    *server.Server
}

// buildServer opens the catalog in cfg's data directory with the indexes'
// extensions (catalog.Open, the one place simsql is wired), builds the
// engine and the accounts, and listens. The caller closes it.
func buildServer(cfg serveConfig, stderr io.Writer) (s *builtServer, err error) {
	s = &builtServer{cfg: cfg}
	defer func() {
		if err != nil {
			s.close()
		}
	}()
	ext := indexes.Extensions()
	ext.Progress = func(line string) { fmt.Fprintln(stderr, "simsql: "+line) }
	if s.pro, err = catalog.Open(cfg.dataDir, storage.Options{Engine: cfg.storageEngine}, ext); err != nil {
		return s, err
	}
	// Server-side LOAD DATA INFILE and SELECT ... INTO OUTFILE may only touch
	// this directory (MySQL's secure_file_priv).
	filesDir := filepath.Join(cfg.dataDir, "files")
	if err := os.MkdirAll(filesDir, 0o750); err != nil {
		return s, err
	}
	s.engine = catalog.NewEngine(s.pro)
	conns := newConnRegistry()
	if err := configure(s.engine, conns, filesDir, cfg.maxExec); err != nil {
		return s, err
	}
	mysqlDb := s.engine.Analyzer.Catalog.MySQLDb
	if err := setupAccounts(mysqlDb, cfg.dataDir, cfg.conn.user, cfg.conn.password, cfg.accountFlags); err != nil {
		return s, err
	}
	if err := checkListenAddress(mysqlDb, cfg.conn.host); err != nil {
		return s, err
	}
	if s.ln, err = net.Listen("tcp", cfg.conn.addr()); err != nil {
		return s, err
	}
	if cfg.tls != nil {
		// compat.InstallSystemVariables starts them as DISABLED.
		if err := sql.SystemVariables.AssignValues(map[string]any{"have_ssl": "YES", "have_openssl": "YES"}); err != nil {
			return s, fmt.Errorf("setting have_ssl: %w", err)
		}
	}
	s.ln = carryingListener{s.ln} // prepare_carried.go
	scfg := server.Config{Protocol: "tcp", Address: s.ln.Addr().String(), Listener: s.ln, Version: serverVersion(),
		TLSConfig: cfg.tls, RequireSecureTransport: cfg.requireTLS, ProtocolListenerFactory: withDeniedAuth(mysqlDb)}
	if testHooks != nil {
		testHooks(s.engine)
	}
	pointGets = newPointGetter(s.engine) // pointget.go
	wrap := newHandler(s.engine.ProcessList.(*limitedProcessList), conns)
	s.srv, err = server.NewServerWithHandler(scfg, s.engine, conns.newContext, withConnSession(withClientCollation(withTLSStatus(s.pro.SessionBuilder()))), nil, wrap)
	return s, err
}

// run serves until SIGINT or SIGTERM, writing the CPU profile if asked,
// and prints the ready line to stdout once it accepts connections.
func (s *builtServer) run(stdout io.Writer) error {
	if s.cfg.cpuProfile != "" {
		f, err := os.Create(s.cfg.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- s.srv.Start() }()
	fmt.Fprintf(stdout, "simsql: serving MySQL protocol on %s (data dir %s)\n", s.ln.Addr(), s.cfg.dataDir)
	select {
	case err := <-done:
		return fmt.Errorf("server stopped: %v", err)
	case <-ctx.Done():
	}
	s.srv.Close()
	err := <-done
	s.srv, s.ln = nil, nil // closed
	return err
}

// close closes what buildServer made, the newest first.
func (s *builtServer) close() {
	switch {
	case s.srv != nil:
		s.srv.Close() // closes the listener too
	case s.ln != nil:
		s.ln.Close()
	}
	if s.engine != nil {
		s.engine.Close()
	}
	if s.pro != nil {
		s.pro.Close()
	}
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
