package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// versionCmd prints the simsql version, the VCS revision it was built from
// when known, and the Go and go-mysql-server versions.
func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	version, revision, gms := "(devel)", "", "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				revision = " " + s.Value[:12]
			}
		}
		for _, d := range info.Deps {
			if d.Path == "github.com/dolthub/go-mysql-server" {
				gms = d.Version
			}
		}
	}
	_, err := fmt.Fprintf(stdout, "simsql %s%s (%s, go-mysql-server %s)\n", version, revision, runtime.Version(), gms)
	return err
}
