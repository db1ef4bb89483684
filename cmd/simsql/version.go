package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// versionCmd prints the simsql version, the VCS revision it was built from
// when known, and the Go and go-mysql-server versions.
func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	version, revision, gms := buildVersions()
	if revision != "" {
		revision = " " + revision
	}
	_, err := fmt.Fprintf(stdout, "simsql %s%s (%s, go-mysql-server %s)\n", version, revision, runtime.Version(), gms)
	return err
}

// buildVersions returns simsql's module version ("(devel)" when built
// from a checkout without a release tag), the first 12 hex digits of the
// VCS revision it was built from ("" if unknown) and go-mysql-server's
// version.
func buildVersions() (version, revision, gms string) {
	version, gms = "(devel)", "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				revision = s.Value[:12]
			}
		}
		for _, d := range info.Deps {
			if d.Path == "github.com/dolthub/go-mysql-server" {
				gms = d.Version
			}
		}
	}
	return version, revision, gms
}

// mysqlVersionPrefix is the MySQL version simsql answers as: the one
// go-mysql-server v0.20.0 implements, which drivers read to choose their
// protocol features (the leading major.minor.patch).
const mysqlVersionPrefix = "8.0.33"

// serverVersion returns the version the server announces in its handshake
// and as @@version: MySQL's version, then "-simsql-" and simsql's release
// ("8.0.33-simsql-1.2.0"), or "devel" for a build that is not of a release
// tag (a pseudo-version or "(devel)"), as MySQL appends "-log" and MariaDB
// "-MariaDB". Drivers parse the digits before the first '-'
// (TestClient* check go-sql-driver/mysql, PyMySQL, mysql2, JDBC and ODBC).
func serverVersion() string {
	version, _, _ := buildVersions()
	return mysqlVersionPrefix + "-simsql-" + releaseName(version)
}

// releaseName returns "1.2.0" for the module version "v1.2.0", and "devel"
// for "(devel)", a pseudo-version (v0.0.0-20261201…-abcdef) or a build
// with local changes (+dirty).
func releaseName(version string) string {
	v := strings.TrimPrefix(version, "v")
	if v == version || strings.ContainsAny(v, "-+") || v == "" {
		return "devel"
	}
	return v
}

// versionComment returns @@version_comment: simsql's version, the VCS
// revision and go-mysql-server's version.
func versionComment() string {
	version, revision, gms := buildVersions()
	if revision != "" {
		version += " " + revision
	}
	return fmt.Sprintf("simsql %s (go-mysql-server %s)", version, gms)
}
