package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"io"
	"net"
	"regexp"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/compat"
)

// Statements that go-mysql-server answers through simsql's compat parser
// (compat/statements.go) but vitess's grammar (dolthub, 2025-05-12) does
// not know, such as DO, CHECK TABLE, CHECKSUM TABLE, OPTIMIZE, REPAIR,
// HELP, SHOW OPEN TABLES, SHOW PROFILES and EXPLAIN FORMAT=JSON, could not
// be prepared (COM_STMT_PREPARE: go-sql-driver/mysql's db.Prepare("DO 1"),
// its suite's TestReuseClosedConnection): vitess parses a statement to
// prepare before any handler sees it, and the client got 1105 "syntax
// error at position 3 near 'DO'". MySQL and MariaDB prepare them. simsql
// rewrites such a packet on its way in, below vitess: the statement
// travels hex-encoded in a comment (carriedMarker) in front of a stand-in
// that vitess parses and whose placeholders it counts as the statement's
// own (DO's expressions as a SELECT, the statement an EXPLAIN
// FORMAT=JSON explains, a statement with "@v := expr" as compat rewrites
// it, else SELECT 1 for a statement without placeholders), and handler.ComPrepare gives go-mysql-server the
// statement back (restoreCarried). Only statements that begin with one of
// carriedKeywords and that vitess fails to parse are carried. The rewrite
// reads the packets a client sends in plain text only: a connection that
// asks for TLS or compression in its handshake is passed through unread,
// so there such a statement is still the syntax error. Pinned by
// TestPreparedCompatStatements (sqltests/protocol_test.go), also run on
// MariaDB. The wrapper hides the *net.TCPConn from go-mysql-server, whose
// own closed-connection poll (server.Handler, /proc/net/tcp) then does
// not run; simsql's (connRegistry.peerClosed, conns.go) unwraps it.

// carriedMarker begins the text a carried statement has through vitess:
// a comment no client writes, holding the statement in hex, then "*/" and
// the stand-in.
const carriedMarker = "/*simsql:prepared:"

// carriedKeywords are the first keywords of the statements compat answers
// that vitess may fail to parse.
var carriedKeywords = map[string]bool{
	"do": true, "show": true, "check": true, "checksum": true, "optimize": true, "repair": true,
	"help": true, "explain": true, "describe": true, "desc": true,
}

// explainJSON matches EXPLAIN FORMAT=JSON and the statement it explains.
var explainJSON = regexp.MustCompile(`(?is)^(?:explain|describe|desc)\s+format\s*=\s*json\s+(.*)$`)

// Client capability flags and the command byte the rewrite reads.
const (
	clientCompress = 0x20
	clientSSL      = 0x800
	comStmtPrepare = 0x16
	maxPayload     = 1<<24 - 1 // a longer command continues in more packets
)

// carryingListener wraps the server's listener so that the statements
// each connection prepares reach vitess in a form it parses (see the
// file comment).
type carryingListener struct{ net.Listener }

// Accept implements net.Listener.
func (l carryingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &carryingConn{Conn: c, r: bufio.NewReader(c)}, nil
}

// carryingConn reads a client's packets one at a time and rewrites the
// COM_STMT_PREPARE packets of the statements it carries. Other packets'
// payloads are passed on as they arrive, uncopied.
type carryingConn struct {
	net.Conn
	r           *bufio.Reader
	pending     []byte // the rest of the last header or packet read, for Read
	remaining   int    // bytes of the current payload still to pass on from r
	handshook   bool   // the handshake response has been read
	passThrough bool   // TLS or compression: the bytes are not read
}

// Read implements net.Conn.
func (c *carryingConn) Read(p []byte) (int, error) {
	if len(c.pending) == 0 {
		switch {
		case c.passThrough:
			return c.r.Read(p)
		case c.remaining > 0:
			n, err := c.r.Read(p[:min(len(p), c.remaining)])
			c.remaining -= n
			return n, err
		}
		if err := c.next(); err != nil {
			return 0, err
		}
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// next reads the next packet's header and sets what Read passes on: the
// header, then the payload as it is (remaining) or, for a statement to
// carry, the rewritten packet (pending).
func (c *carryingConn) next() error {
	var hdr [4]byte
	if _, err := io.ReadFull(c.r, hdr[:]); err != nil {
		return err
	}
	n := int(hdr[0]) | int(hdr[1])<<8 | int(hdr[2])<<16
	c.pending, c.remaining = hdr[:], n
	if !c.handshook {
		// The handshake response or SSL request: capability flags first.
		c.handshook = true
		flags, err := c.r.Peek(min(n, 4))
		if err != nil || len(flags) < 4 || binary.LittleEndian.Uint32(flags)&(clientSSL|clientCompress) != 0 {
			c.passThrough = true
		}
		return nil
	}
	if hdr[3] != 0 || n < 1 || n == maxPayload {
		return nil
	}
	if cmd, err := c.r.Peek(1); err != nil || cmd[0] != comStmtPrepare {
		return nil
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(c.r, payload); err != nil {
		return err
	}
	c.remaining = 0
	q, ok := carry(string(payload[1:]))
	if !ok {
		c.pending = append(hdr[:], payload...)
		return nil
	}
	out := make([]byte, 5, 5+len(q))
	binary.LittleEndian.PutUint32(out, uint32(1+len(q))) // seq 0 in the top byte
	out[4] = comStmtPrepare
	c.pending = append(out, q...)
	return nil
}

// carry returns query as it travels through vitess when it is to be
// carried (see the file comment); ok is false for any other statement.
func carry(query string) (string, bool) {
	rest := skipBlanksAndComments(query)
	n := 0
	for n < len(rest) && isIdentByte(rest[n]) {
		n++
	}
	word := strings.ToLower(rest[:n])
	if !carriedKeywords[word] && !strings.Contains(query, ":=") {
		return "", false // (":=": an assignment to a user variable, compat/user_var_assign.go)
	}
	if _, err := sqlparser.Parse(query); err == nil {
		return "", false // vitess parses it: nothing to carry
	}
	standIn := "SELECT 1"
	switch g := explainJSON.FindStringSubmatch(rest); {
	case !carriedKeywords[word]: // an assignment to a user variable
		rewritten, ok := compat.AssignUserVars(query)
		if !ok {
			return "", false
		}
		standIn = rewritten
	case word == "do":
		standIn = "SELECT" + rest[n:]
	case g != nil:
		standIn = g[1]
	case strings.Contains(query, "?"):
		return "", false // its placeholders could not be counted
	}
	q := carriedMarker + hex.EncodeToString([]byte(query)) + "*/" + standIn
	if len(q)+1 > maxPayload-1 {
		return "", false
	}
	return q, true
}

// restoreCarried returns the statement a carried query stands for, and
// updates prepare's text to it; other queries come back unchanged.
func restoreCarried(query string, prepare *mysql.PrepareData) string {
	original, _, ok := cutMarker(query)
	if !ok {
		return query
	}
	query = original
	if prepare != nil {
		prepare.PrepareStmt = query
	}
	return query
}

// cutMarker returns the statement a carried query holds and its
// stand-in; ok is false when query is not carried.
func cutMarker(query string) (original, standIn string, ok bool) {
	rest, found := strings.CutPrefix(query, carriedMarker)
	if !found {
		return "", "", false
	}
	h, standIn, found := strings.Cut(rest, "*/")
	if !found {
		return "", "", false
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return "", "", false
	}
	return string(b), standIn, true
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
