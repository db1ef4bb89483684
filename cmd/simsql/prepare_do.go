package main

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
)

// A prepared DO (COM_STMT_PREPARE "DO 1": go-sql-driver/mysql's
// db.Prepare("DO 1"), its suite's TestReuseClosedConnection) is parsed by
// vitess (dolthub, 2025-05-12) with its own grammar, which has no DO,
// before any handler sees it: the client got 1105 "syntax error at
// position 3 near 'DO'". MySQL and MariaDB prepare it (no columns, no
// result set). simsql rewrites the packet on its way in, below vitess:
// "DO exprs" becomes doMarker+"SELECT exprs", which vitess parses and
// whose placeholders it counts as DO's, and handler.ComPrepare turns it
// back into "DO exprs" (restorePreparedDo) for go-mysql-server, where
// compat answers DO (compat/stmt_do.go). The rewrite reads the packets
// a client sends in plain text only: a connection that asks for TLS or
// compression in its handshake is passed through unread, so a prepared DO
// over TLS or with compression is still the syntax error. Pinned by
// TestPreparedDo (sqltests/protocol_test.go).

// doMarker begins the text a rewritten prepared DO carries through
// vitess: a comment no client writes, then SELECT.
const doMarker = "/*simsql:prepared-do*/SELECT"

// Client capability flags and the command byte the rewrite reads.
const (
	clientCompress = 0x20
	clientSSL      = 0x800
	comStmtPrepare = 0x16
	maxPayload     = 1<<24 - 1 // a longer command continues in more packets
)

// preparedDoListener wraps the server's listener so that each
// connection's prepared DO statements reach vitess in a form it parses
// (see the file comment).
type preparedDoListener struct{ net.Listener }

// Accept implements net.Listener.
func (l preparedDoListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &preparedDoConn{Conn: c, r: bufio.NewReader(c)}, nil
}

// preparedDoConn reads a client's packets one at a time and rewrites the
// COM_STMT_PREPARE packets of DO statements.
type preparedDoConn struct {
	net.Conn
	r           *bufio.Reader
	pending     []byte // the rest of the last packet read, for Read
	handshook   bool   // the handshake response has been read
	passThrough bool   // TLS or compression: the bytes are not read
}

// Read implements net.Conn.
func (c *preparedDoConn) Read(p []byte) (int, error) {
	if len(c.pending) == 0 {
		if c.passThrough {
			return c.r.Read(p)
		}
		pkt, err := c.readPacket()
		if err != nil {
			return 0, err
		}
		c.pending = pkt
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// readPacket reads the next packet (header and payload) and returns it
// as vitess is to read it.
func (c *preparedDoConn) readPacket() ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(c.r, hdr[:]); err != nil {
		return nil, err
	}
	n := int(hdr[0]) | int(hdr[1])<<8 | int(hdr[2])<<16
	pkt := make([]byte, 4+n)
	copy(pkt, hdr[:])
	if _, err := io.ReadFull(c.r, pkt[4:]); err != nil {
		return nil, err
	}
	payload := pkt[4:]
	if !c.handshook {
		// The handshake response or SSL request: capability flags first.
		c.handshook = true
		if len(payload) < 4 || binary.LittleEndian.Uint32(payload)&(clientSSL|clientCompress) != 0 {
			c.passThrough = true
		}
		return pkt, nil
	}
	if hdr[3] != 0 || n == maxPayload || n < 1 || payload[0] != comStmtPrepare {
		return pkt, nil
	}
	q, ok := rewritePreparedDo(string(payload[1:]))
	if !ok {
		return pkt, nil
	}
	out := make([]byte, 5, 5+len(q))
	binary.LittleEndian.PutUint32(out, uint32(1+len(q))) // seq 0 in the top byte
	out[4] = comStmtPrepare
	return append(out, q...), nil
}

// rewritePreparedDo returns query as vitess can parse it when it is a DO
// statement: doMarker followed by the text after DO; ok is false for any
// other statement.
func rewritePreparedDo(query string) (string, bool) {
	rest := skipBlanksAndComments(query)
	if len(rest) < 3 || !strings.EqualFold(rest[:2], "do") || isIdentByte(rest[2]) || rest[2] == '.' {
		return "", false
	}
	q := doMarker + rest[2:]
	if len(q)+1 > maxPayload-1 {
		return "", false
	}
	return q, true
}

// restorePreparedDo returns the DO statement a rewritten prepared query
// stands for, and updates prepare's text to it; other queries come back
// unchanged.
func restorePreparedDo(query string, prepare *mysql.PrepareData) string {
	if !strings.HasPrefix(query, doMarker) {
		return query
	}
	query = "DO" + query[len(doMarker):]
	if prepare != nil {
		prepare.PrepareStmt = query
	}
	return query
}

// skipBlanksAndComments returns s after its leading blanks and comments
// (/* … */, -- …, # …).
func skipBlanksAndComments(s string) string {
	for {
		t := strings.TrimLeft(s, " \t\r\n\f")
		switch {
		case strings.HasPrefix(t, "/*"):
			end := strings.Index(t[2:], "*/")
			if end < 0 {
				return t
			}
			s = t[2+end+2:]
		case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "-- "):
			end := strings.IndexByte(t, '\n')
			if end < 0 {
				return ""
			}
			s = t[end+1:]
		default:
			return t
		}
	}
}
