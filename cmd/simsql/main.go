// Command simsql is a MySQL-wire-compatible SQL server with text-similarity
// functions, and a client for loading documents into it.
//
// Usage:
//
//	simsql [serve] [--host H] [--port P] [--data-dir D] [--user U] [--password P] [--log-level L]
//	simsql import --table T [connection flags] [--database DB] [--batch N] [--create] [--replace|--ignore] [--quiet] FILE|DIR...
//	simsql compact [--data-dir D]
//	simsql version
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the subcommand named by args[0] (serve when there is none)
// and returns the process exit code: 0 on success, 2 for a usage error and 1
// for any other error.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		cmd, args = "version", args[1:]
	}
	if len(args) > 0 && (args[0] == "--help" || args[0] == "-help" || args[0] == "-h") {
		cmd, args = "help", args[1:]
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serveCmd(args, stdout, stderr)
	case "import":
		err = importCmd(args, stdout, stderr)
	case "compact":
		err = compactCmd(args, stdout, stderr)
	case "version":
		err = versionCmd(args, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "simsql: unknown command %q\n%s", cmd, usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(usageError)):
		fmt.Fprintf(stderr, "simsql %s: %v\n", cmd, err)
		return 2
	default:
		fmt.Fprintf(stderr, "simsql %s: %v\n", cmd, err)
		return 1
	}
}

const usage = `usage:
  simsql [serve] [flags]            run the server (simsql serve -h for flags)
  simsql import --table T FILE|DIR  load .jsonl/.ndjson/.csv files or directories
  simsql compact [--data-dir D]     return deleted rows' space to the file system (server stopped)
  simsql version                    print the version
`
