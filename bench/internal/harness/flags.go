package harness

import (
	"errors"
	"flag"
	"fmt"
)

// ErrUsage is a mistake in a workload's arguments: the bench driver exits
// with status 2 on an error that is or wraps it (1 on any other). Parse
// returns ErrUsage itself once the flag package has printed the mistake and
// the usage; Usagef makes one whose message is still to be printed.
var ErrUsage = errors.New("usage")

// usageError is Usagef's error: its message, and ErrUsage to errors.Is.
type usageError struct{ msg string }

func (e usageError) Error() string        { return e.msg }
func (e usageError) Is(target error) bool { return target == ErrUsage }

// Usagef returns an error that is ErrUsage to errors.Is, with the message
// fmt.Sprintf(format, args...).
func Usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// Flags returns the flag set of workload name, whose usage is the line
// "usage: go run ./bench NAME [flags] OPERANDS" (without OPERANDS when
// operands is empty) and then the flags.
func Flags(name, operands string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	if operands != "" {
		operands = " " + operands
	}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./bench %s [flags]%s\n", name, operands)
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses args with fs: nil, flag.ErrHelp for -h, or ErrUsage for
// any other mistake (already printed with the usage).
func Parse(fs *flag.FlagSet, args []string) error {
	switch err := fs.Parse(args); {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return err
	}
	return ErrUsage
}
