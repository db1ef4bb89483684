package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"
)

// usageError is a mistake in the command line; run exits 2 for it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// newFlagSet returns a flag set for one subcommand. Each subcommand has its
// own set: the global flag.CommandLine carries flags registered by
// dependencies (opencc adds -dir).
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("simsql "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args into fs and turns a parse failure into a
// usageError (flag.ErrHelp is passed through).
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return err
		}
		return usageError{err.Error()}
	}
	return nil
}

// connFlags are the address and account flags shared by the server and its
// clients: the server listens and authenticates with them, clients connect
// with them.
type connFlags struct {
	host     string
	port     int
	user     string
	password string
}

func (c *connFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.host, "host", "127.0.0.1", "host `address` of the server")
	fs.IntVar(&c.port, "port", 3306, "TCP `port` of the server (serve: 0 picks a free port)")
	fs.StringVar(&c.user, "user", "root", "account `name`")
	fs.StringVar(&c.password, "password", "", "account `password`")
}

func (c *connFlags) addr() string {
	return net.JoinHostPort(c.host, strconv.Itoa(c.port))
}

// dsn returns a go-sql-driver/mysql data source name for database db.
func (c *connFlags) dsn(db string) string {
	cfg := mysql.NewConfig()
	cfg.User = c.user
	cfg.Passwd = c.password
	cfg.Net = "tcp"
	cfg.Addr = c.addr()
	cfg.DBName = db
	cfg.Timeout = 10 * time.Second
	return cfg.FormatDSN()
}
