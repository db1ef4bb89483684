package sqltests

import (
	"bufio"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"
)

// rawConn is a minimal MySQL protocol client that keeps what drivers hide:
// the server_status flags of the handshake and of every OK and EOF packet.
// It speaks protocol 4.1 with mysql_native_password, CLIENT_MULTI_STATEMENTS
// and CLIENT_MULTI_RESULTS, and without CLIENT_DEPRECATE_EOF unless asked
// (then result sets end in an OK packet with an EOF header), TLS,
// compression or session tracking.
type rawConn struct {
	nc  net.Conn
	r   *bufio.Reader
	seq byte
	// deprecateEOF is whether the connection negotiated CLIENT_DEPRECATE_EOF.
	deprecateEOF bool
	// Handshake is the status flags of the server's initial handshake packet.
	Handshake uint16
	// Connected is the status flags of the OK packet that ends authentication.
	Connected uint16
}

// Client capability flags (MySQL's CLIENT_*).
const (
	capLongPassword     = 0x00000001
	capConnectWithDB    = 0x00000008
	capProtocol41       = 0x00000200
	capTransactions     = 0x00002000
	capSecureConnection = 0x00008000
	capMultiStatements  = 0x00010000
	capMultiResults     = 0x00020000
	capPluginAuth       = 0x00080000
	capDeprecateEOF     = 0x01000000
)

// Server status flags (MySQL's SERVER_STATUS_* and SERVER_QUERY_*).
const (
	statusInTrans         = 0x0001
	statusAutocommit      = 0x0002
	statusMoreResults     = 0x0008
	statusNoGoodIndexUsed = 0x0010
	statusNoIndexUsed     = 0x0020
	statusInTransReadOnly = 0x2000
)

// dialRaw connects to addr ("host:port", or a Unix socket path starting
// with "/") as user with password, in database db ("" for none).
func dialRaw(addr, user, password, db string, deprecateEOF bool) (*rawConn, error) {
	network := "tcp"
	if strings.HasPrefix(addr, "/") {
		network = "unix"
	}
	nc, err := net.DialTimeout(network, addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	c := &rawConn{nc: nc, r: bufio.NewReader(nc)}
	if err := c.handshake(user, password, db, deprecateEOF); err != nil {
		nc.Close()
		return nil, err
	}
	return c, nil
}

func (c *rawConn) Close() error { return c.nc.Close() }

// readPacket reads one packet (payloads of 2^24-1 bytes and more continue
// in the next packet).
func (c *rawConn) readPacket() ([]byte, error) {
	if err := c.nc.SetReadDeadline(time.Now().Add(2 * time.Minute)); err != nil {
		return nil, err
	}
	var out []byte
	for {
		var h [4]byte
		if _, err := io.ReadFull(c.r, h[:]); err != nil {
			return nil, err
		}
		n := int(h[0]) | int(h[1])<<8 | int(h[2])<<16
		c.seq = h[3] + 1
		buf := make([]byte, n)
		if _, err := io.ReadFull(c.r, buf); err != nil {
			return nil, err
		}
		out = append(out, buf...)
		if n < 0xffffff {
			return out, nil
		}
	}
}

func (c *rawConn) writePacket(payload []byte) error {
	h := []byte{byte(len(payload)), byte(len(payload) >> 8), byte(len(payload) >> 16), c.seq}
	c.seq++
	_, err := c.nc.Write(append(h, payload...))
	return err
}

// nativePassword is mysql_native_password's scramble:
// SHA1(password) XOR SHA1(salt + SHA1(SHA1(password))).
func nativePassword(salt []byte, password string) []byte {
	if password == "" {
		return nil
	}
	h1 := sha1.Sum([]byte(password))
	h2 := sha1.Sum(h1[:])
	h3 := sha1.Sum(append(append([]byte{}, salt...), h2[:]...))
	for i := range h3 {
		h3[i] ^= h1[i]
	}
	return h3[:]
}

func (c *rawConn) handshake(user, password, db string, deprecateEOF bool) error {
	p, err := c.readPacket()
	if err != nil {
		return err
	}
	if len(p) > 0 && p[0] == 0xff {
		return parseErr(p)
	}
	if len(p) < 1 || p[0] != 10 {
		return fmt.Errorf("handshake: protocol version %v, want 10", p[:1])
	}
	pos := 1 + strings.IndexByte(string(p[1:]), 0) + 1 // server version
	pos += 4                                           // connection id
	salt := append([]byte{}, p[pos:pos+8]...)
	pos += 8 + 1
	serverCaps := uint32(binary.LittleEndian.Uint16(p[pos:]))
	pos += 2
	pos++ // character set
	c.Handshake = binary.LittleEndian.Uint16(p[pos:])
	pos += 2
	serverCaps |= uint32(binary.LittleEndian.Uint16(p[pos:])) << 16
	pos += 2
	saltLen := int(p[pos])
	pos += 1 + 10
	if n := max(13, saltLen-8); pos+n <= len(p) {
		salt = append(salt, p[pos:pos+n-1]...) // without its NUL
		pos += n
	}
	plugin := "mysql_native_password"
	if pos < len(p) {
		plugin = strings.TrimRight(string(p[pos:]), "\x00")
	}

	caps := uint32(capLongPassword | capProtocol41 | capTransactions | capSecureConnection |
		capMultiStatements | capMultiResults | capPluginAuth)
	if db != "" {
		caps |= capConnectWithDB
	}
	if deprecateEOF && serverCaps&capDeprecateEOF != 0 {
		caps |= capDeprecateEOF
		c.deprecateEOF = true
	}
	auth := nativePassword(salt, password)
	if plugin != "mysql_native_password" {
		auth = nil // answered after the server's auth switch request
	}
	resp := binary.LittleEndian.AppendUint32(nil, caps)
	resp = binary.LittleEndian.AppendUint32(resp, 1<<24-1)
	resp = append(resp, 45) // utf8mb4_general_ci
	resp = append(resp, make([]byte, 23)...)
	resp = append(resp, user...)
	resp = append(resp, 0, byte(len(auth)))
	resp = append(resp, auth...)
	if db != "" {
		resp = append(append(resp, db...), 0)
	}
	resp = append(append(resp, "mysql_native_password"...), 0)
	if err := c.writePacket(resp); err != nil {
		return err
	}
	for {
		p, err := c.readPacket()
		if err != nil {
			return err
		}
		switch {
		case len(p) > 0 && p[0] == 0x00:
			ok, err := parseOK(p)
			if err != nil {
				return err
			}
			c.Connected = ok.status
			return nil
		case len(p) > 0 && p[0] == 0xff:
			return parseErr(p)
		case len(p) > 0 && p[0] == 0xfe: // auth switch request
			rest := p[1:]
			i := strings.IndexByte(string(rest), 0)
			if i < 0 || string(rest[:i]) != "mysql_native_password" {
				return fmt.Errorf("auth switch to %q is not supported", rest)
			}
			if err := c.writePacket(nativePassword([]byte(strings.TrimRight(string(rest[i+1:]), "\x00")), password)); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unexpected packet during authentication: % x", p)
		}
	}
}

// okPacket is an OK packet's fields (also an EOF packet's: status and
// warnings).
type okPacket struct {
	affected, insertID uint64
	status, warnings   uint16
	// info is the human-readable info string ("Records: 3  Duplicates:
	// 0  Warnings: 0").
	info string
}

func lenEnc(p []byte) (uint64, int) {
	switch {
	case len(p) == 0:
		return 0, 0
	case p[0] < 0xfb:
		return uint64(p[0]), 1
	case p[0] == 0xfc:
		return uint64(binary.LittleEndian.Uint16(p[1:])), 3
	case p[0] == 0xfd:
		return uint64(p[1]) | uint64(p[2])<<8 | uint64(p[3])<<16, 4
	case p[0] == 0xfe:
		return binary.LittleEndian.Uint64(p[1:]), 9
	}
	return 0, 1
}

func parseOK(p []byte) (okPacket, error) {
	var ok okPacket
	pos := 1
	var n int
	ok.affected, n = lenEnc(p[pos:])
	pos += n
	ok.insertID, n = lenEnc(p[pos:])
	pos += n
	if pos+4 > len(p) {
		return ok, fmt.Errorf("short OK packet % x", p)
	}
	ok.status = binary.LittleEndian.Uint16(p[pos:])
	ok.warnings = binary.LittleEndian.Uint16(p[pos+2:])
	if rest := p[pos+4:]; len(rest) > 0 {
		// Length-encoded; read, as the mariadb CLI shows it, to the end
		// of the packet past the length (vitess sends '#' for every
		// length: README, Known limits; cmd/simsql dropShortInfo).
		_, w := lenEnc(rest)
		ok.info = string(rest[w:])
	}
	return ok, nil
}

// rawError is an ERR packet.
type rawError struct {
	Num   uint16
	State string
	Msg   string
}

func (e *rawError) Error() string { return fmt.Sprintf("Error %d (%s): %s", e.Num, e.State, e.Msg) }

func parseErr(p []byte) error {
	e := &rawError{Num: binary.LittleEndian.Uint16(p[1:])}
	rest := p[3:]
	if len(rest) > 0 && rest[0] == '#' && len(rest) >= 6 {
		e.State, rest = string(rest[1:6]), rest[6:]
	}
	e.Msg = string(rest)
	return e
}

// rawResult is what the server sent for one result of a statement: an OK
// packet, an error, or a result set (columns, rows and the status of the
// EOF after the column definitions and of the packet that ends the rows).
type rawResult struct {
	Err     *rawError
	Columns int
	Rows    [][]*string
	// ColumnDefs are the column definition packets (parseColumnDef).
	ColumnDefs [][]byte
	// BinaryRows are the row packets of a binary-protocol result, as sent.
	BinaryRows [][]byte
	ColStatus  uint16 // EOF after the column definitions (0 with DEPRECATE_EOF)
	Status     uint16 // the OK packet, or the packet ending the rows
	Affected   uint64
	Info       string // the OK packet's info string
}

// query sends COM_QUERY q and reads every result it produces (several for
// a multi-statement string or a CALL), following SERVER_MORE_RESULTS_EXISTS.
func (c *rawConn) query(q string) ([]rawResult, error) {
	c.seq = 0
	if err := c.writePacket(append([]byte{0x03}, q...)); err != nil {
		return nil, err
	}
	var out []rawResult
	for {
		res, err := c.readResult()
		if err != nil {
			return out, err
		}
		out = append(out, res)
		if res.Err != nil || res.Status&statusMoreResults == 0 {
			return out, nil
		}
	}
}

func (c *rawConn) readResult() (rawResult, error) {
	var res rawResult
	p, err := c.readPacket()
	if err != nil {
		return res, err
	}
	switch {
	case len(p) == 0:
		return res, errors.New("empty packet")
	case p[0] == 0x00:
		ok, err := parseOK(p)
		res.Status, res.Affected, res.Info = ok.status, ok.affected, ok.info
		return res, err
	case p[0] == 0xff:
		res.Err = parseErr(p).(*rawError)
		return res, nil
	case p[0] == 0xfb:
		return res, errors.New("LOCAL INFILE request is not supported")
	}
	n, _ := lenEnc(p)
	res.Columns = int(n)
	for range n {
		def, err := c.readPacket()
		if err != nil {
			return res, err
		}
		res.ColumnDefs = append(res.ColumnDefs, def)
	}
	if !c.deprecateEOF {
		p, err := c.readPacket()
		if err != nil {
			return res, err
		}
		if p[0] != 0xfe {
			return res, fmt.Errorf("want EOF after the column definitions, got % x", p)
		}
		res.ColStatus = binary.LittleEndian.Uint16(p[3:])
	}
	for {
		p, err := c.readPacket()
		if err != nil {
			return res, err
		}
		switch {
		case p[0] == 0xfe && len(p) < 9 && !c.deprecateEOF:
			res.Status = binary.LittleEndian.Uint16(p[3:])
			return res, nil
		case p[0] == 0xfe && len(p) < 0xffffff && c.deprecateEOF:
			ok, err := parseOK(p)
			res.Status = ok.status
			return res, err
		case p[0] == 0xff:
			res.Err = parseErr(p).(*rawError)
			return res, nil
		}
		row := make([]*string, 0, res.Columns)
		for pos := 0; pos < len(p); {
			if p[pos] == 0xfb {
				row = append(row, nil)
				pos++
				continue
			}
			l, n := lenEnc(p[pos:])
			s := string(p[pos+n : pos+n+int(l)])
			row = append(row, &s)
			pos += n + int(l)
		}
		res.Rows = append(res.Rows, row)
	}
}

// ping sends COM_PING and returns the status flags of its OK packet.
func (c *rawConn) ping() (uint16, error) {
	c.seq = 0
	if err := c.writePacket([]byte{0x0e}); err != nil {
		return 0, err
	}
	p, err := c.readPacket()
	if err != nil {
		return 0, err
	}
	if len(p) == 0 || p[0] != 0x00 {
		return 0, fmt.Errorf("COM_PING: want OK, got % x", p)
	}
	ok, err := parseOK(p)
	return ok.status, err
}

// execute runs q, which has no parameters, as a prepared statement
// (COM_STMT_PREPARE, COM_STMT_EXECUTE, COM_STMT_CLOSE) and returns its
// result as query does; Rows stay empty (binary rows are not decoded).
func (c *rawConn) execute(q string) (rawResult, error) {
	c.seq = 0
	if err := c.writePacket(append([]byte{0x16}, q...)); err != nil {
		return rawResult{}, err
	}
	p, err := c.readPacket()
	if err != nil {
		return rawResult{}, err
	}
	if p[0] == 0xff {
		return rawResult{Err: parseErr(p).(*rawError)}, nil
	}
	if p[0] != 0x00 || len(p) < 12 {
		return rawResult{}, fmt.Errorf("COM_STMT_PREPARE: got % x", p)
	}
	id := binary.LittleEndian.Uint32(p[1:])
	cols, params := int(binary.LittleEndian.Uint16(p[5:])), int(binary.LittleEndian.Uint16(p[7:]))
	for _, n := range []int{params, cols} {
		if n == 0 {
			continue
		}
		for range n {
			if _, err := c.readPacket(); err != nil {
				return rawResult{}, err
			}
		}
		if !c.deprecateEOF {
			if _, err := c.readPacket(); err != nil {
				return rawResult{}, err
			}
		}
	}
	c.seq = 0
	exec := binary.LittleEndian.AppendUint32([]byte{0x17}, id)
	exec = append(exec, 0)
	exec = binary.LittleEndian.AppendUint32(exec, 1)
	if err := c.writePacket(exec); err != nil {
		return rawResult{}, err
	}
	res, err := c.readBinaryResult()
	if err != nil {
		return res, err
	}
	c.seq = 0
	return res, c.writePacket(binary.LittleEndian.AppendUint32([]byte{0x19}, id))
}

// readBinaryResult reads the answer to COM_STMT_EXECUTE.
func (c *rawConn) readBinaryResult() (rawResult, error) {
	var res rawResult
	p, err := c.readPacket()
	if err != nil {
		return res, err
	}
	switch p[0] {
	case 0x00:
		ok, err := parseOK(p)
		res.Status, res.Affected, res.Info = ok.status, ok.affected, ok.info
		return res, err
	case 0xff:
		res.Err = parseErr(p).(*rawError)
		return res, nil
	}
	n, _ := lenEnc(p)
	res.Columns = int(n)
	for range n {
		def, err := c.readPacket()
		if err != nil {
			return res, err
		}
		res.ColumnDefs = append(res.ColumnDefs, def)
	}
	if !c.deprecateEOF {
		p, err := c.readPacket()
		if err != nil {
			return res, err
		}
		res.ColStatus = binary.LittleEndian.Uint16(p[3:])
	}
	for {
		p, err := c.readPacket()
		if err != nil {
			return res, err
		}
		switch {
		case p[0] == 0xfe && len(p) < 0xffffff:
			if c.deprecateEOF {
				ok, err := parseOK(p)
				res.Status = ok.status
				return res, err
			}
			res.Status = binary.LittleEndian.Uint16(p[3:])
			return res, nil
		case p[0] == 0xff:
			res.Err = parseErr(p).(*rawError)
			return res, nil
		}
		res.BinaryRows = append(res.BinaryRows, p)
	}
}
