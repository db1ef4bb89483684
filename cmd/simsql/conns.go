package main

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"sync"
	"syscall"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/netutil"
	"golang.org/x/sys/unix"
)

// errClientGone fails a LOAD DATA LOCAL INFILE whose client went away
// before the end of its file (ER_NET_READ_ERROR, 1158).
var errClientGone = mysql.NewSQLError(1158, "08S01",
	"Got an error reading communication packets: the client closed the connection before the end of the LOAD DATA LOCAL INFILE file")

// connRegistry tracks the live client connections by connection id, for
// newContext.
type connRegistry struct {
	mu    sync.Mutex
	conns map[uint32]*mysql.Conn
}

func newConnRegistry() *connRegistry {
	return &connRegistry{conns: map[uint32]*mysql.Conn{}}
}

func (r *connRegistry) add(c *mysql.Conn) {
	r.mu.Lock()
	r.conns[c.ConnectionID] = c
	r.mu.Unlock()
}

func (r *connRegistry) remove(c *mysql.Conn) {
	r.mu.Lock()
	delete(r.conns, c.ConnectionID)
	r.mu.Unlock()
}

// newContext is the server's sql.ContextFactory: go-mysql-server's
// sql.NewContext, except that the file of a LOAD DATA LOCAL INFILE ends in
// errClientGone, not in a clean end of file, when the client's connection
// is gone. (vitess ends the file at a dropped connection as if the client
// had sent all of it, and the statement would commit the rows received so
// far, a cut last line included.)
func (r *connRegistry) newContext(parent context.Context, opts ...sql.ContextOption) *sql.Context {
	orig := sql.NewContext(parent, opts...) // keeps go-mysql-server's services
	ctx := sql.NewContext(parent, opts...)
	id := ctx.Session.ID()
	sql.WithServices(sql.Services{
		KillConnection: orig.KillConnection,
		LoadInfile: func(name string) (io.ReadCloser, error) {
			rc, err := orig.LoadInfile(name)
			if err != nil {
				return nil, err
			}
			return &infileReader{ReadCloser: rc, gone: func() bool { return r.peerClosed(id) }}, nil
		},
	})(ctx)
	return ctx
}

// infileReader turns the end of a LOAD DATA LOCAL INFILE file into
// errClientGone when gone says the client has closed its connection.
type infileReader struct {
	io.ReadCloser
	gone func() bool
}

func (f *infileReader) Read(p []byte) (int, error) {
	n, err := f.ReadCloser.Read(p)
	if err == io.EOF && f.gone() {
		return n, errClientGone
	}
	return n, err
}

// peerClosed reports whether the client of connection id has closed or
// reset its TCP connection: a peek at the socket (MSG_PEEK|MSG_DONTWAIT,
// which takes nothing from it) sees its end of stream or an error. A
// connection it cannot inspect counts as open.
func (r *connRegistry) peerClosed(id uint32) bool {
	r.mu.Lock()
	c := r.conns[id]
	r.mu.Unlock()
	if c == nil {
		return false
	}
	nc := c.Conn
	for {
		switch x := nc.(type) {
		case *tls.Conn:
			nc = x.NetConn()
			continue
		case *carryingConn: // prepare_carried.go
			nc = x.Conn
			continue
		case netutil.ConnWithTimeouts:
			nc = x.Conn
			continue
		case *netutil.ConnWithTimeouts:
			nc = x.Conn
			continue
		}
		break
	}
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	closed := false
	_ = raw.Control(func(fd uintptr) {
		var b [1]byte
		n, _, err := unix.Recvfrom(int(fd), b[:], unix.MSG_PEEK|unix.MSG_DONTWAIT)
		closed = (n == 0 && err == nil) ||
			(err != nil && !errors.Is(err, unix.EAGAIN) && !errors.Is(err, unix.EINTR))
	})
	return closed
}
