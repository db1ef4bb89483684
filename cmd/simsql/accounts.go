package main

import (
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	vtmysql "github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/storage"
)

// accountsFile is the file in the data directory that holds the user
// accounts and grants (go-mysql-server's mysql.user, mysql.db,
// mysql.tables_priv, … tables), as the flatbuffer MySQLDb.Persist writes.
const accountsFile = "privileges.db"

// accountsPersister writes the grant tables to dir/accountsFile each time
// CREATE USER, GRANT, REVOKE, ALTER USER, SET PASSWORD or DROP USER changes
// them. It implements mysql_db.MySQLDbPersistence.
//
// A file of its own rather than a key in the bbolt store: go-mysql-server
// calls Persist in the middle of a statement, possibly inside a client's
// transaction that already holds bbolt's single write transaction, so a
// second bbolt write there would wait for itself. The grant tables are
// small and change rarely, so rewriting the whole file (temp file, fsync,
// rename, fsync of the directory: storage.WriteFileAtomic) costs nothing
// that matters and leaves either the old or the new accounts after a crash.
type accountsPersister struct{ dir string }

// Persist implements mysql_db.MySQLDbPersistence.
func (p accountsPersister) Persist(_ *sql.Context, data []byte) error {
	return storage.WriteFileAtomic(p.dir, accountsFile, data, 0o600)
}

// setupAccounts loads the accounts of the data directory dir into mysqlDb
// and persists every later change there.
//
// At the first start (no accounts file yet) it creates the bootstrap
// account user@'%' with all privileges and the given password, and writes
// the file. On later starts the stored accounts rule and the flags create
// nothing: if --user or --password was given explicitly (flagSet), the
// account must exist with that password, or setupAccounts returns an error
// saying so (a changed --password would otherwise be silently ignored).
func setupAccounts(mysqlDb *mysql_db.MySQLDb, dir, user, password string, flagSet bool) error {
	ctx := sql.NewEmptyContext()
	mysqlDb.SetPersister(accountsPersister{dir})
	path := filepath.Join(dir, accountsFile)
	buf, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		ed := mysqlDb.Editor()
		defer ed.Close()
		mysqlDb.AddSuperUser(ed, user, "%", password)
		return mysqlDb.Persist(ctx, ed)
	}
	if err != nil {
		return fmt.Errorf("reading the accounts: %w", err)
	}
	if len(buf) == 0 {
		return fmt.Errorf("the accounts file %s is empty; remove it to start over with the account of --user and --password", path)
	}
	if err := mysqlDb.LoadData(ctx, buf); err != nil {
		return fmt.Errorf("reading the accounts file %s: %v", path, err)
	}
	mysqlDb.SetEnabled(true)
	if !flagSet {
		return nil
	}
	rd := mysqlDb.Reader()
	defer rd.Close()
	accounts := rd.GetUsersByUsername(user)
	if len(accounts) == 0 {
		return fmt.Errorf("account '%s' does not exist in %s: --user and --password create an account only at the first start of a data directory; connect as an existing account and use CREATE USER", user, path)
	}
	hash := nativePasswordHash(password)
	for _, a := range accounts {
		if !a.IsRole && a.AuthString == hash {
			return nil
		}
	}
	return fmt.Errorf("--password does not match the stored password of account '%s' in %s: passwords are kept in the data directory since its first start; change them with ALTER USER, or start without --user and --password", user, path)
}

// nativePasswordHash returns the mysql_native_password authentication
// string of password as MySQL's mysql.user stores it: "*" and the upper-case
// hex of SHA1(SHA1(password)); "" for the empty password.
func nativePasswordHash(password string) string {
	if password == "" {
		return ""
	}
	s1 := sha1.Sum([]byte(password))
	s2 := sha1.Sum(s1[:])
	return "*" + strings.ToUpper(hex.EncodeToString(s2[:]))
}

// checkListenAddress refuses a host that is not a loopback address while
// some account that can log in has an empty password: such a server would
// let anyone on the network in. host is the --host flag: an IP address, a
// name (all of whose addresses must be loopback), or "" (every interface).
func checkListenAddress(mysqlDb *mysql_db.MySQLDb, host string) error {
	if isLoopback(host) {
		return nil
	}
	rd := mysqlDb.Reader()
	defer rd.Close()
	var open []string
	rd.VisitUsers(func(u *mysql_db.User) {
		if !u.IsRole && !u.Locked && u.AuthString == "" {
			open = append(open, fmt.Sprintf("'%s'@'%s'", u.User, u.Host))
		}
	})
	if len(open) == 0 {
		return nil
	}
	slices.Sort(open)
	return fmt.Errorf("refusing to listen on %q, which is not a loopback address, while account %s has an empty password: "+
		"give the account a password (--password at the first start, or ALTER USER), or listen on 127.0.0.1",
		host, strings.Join(open, ", "))
}

// isLoopback reports whether every address host stands for is a loopback
// address. "" (every interface) and names that do not resolve are not.
func isLoopback(host string) bool {
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback()
	}
	if host == "" {
		return false
	}
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return false
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false
		}
	}
	return true
}

// deniedAuthServer is go-mysql-server's authentication with one change: a
// user name without an account goes through mysql_native_password like any
// other and gets MySQL's error 1045 "Access denied", where go-mysql-server
// 0.20 answers 2012 "No authentication methods available" (which the
// mariadb client reports as a malformed packet) and so tells a stranger
// which user names exist.
type deniedAuthServer struct {
	vtmysql.AuthServer
	db *mysql_db.MySQLDb
}

// AuthMethods implements vitess's mysql.AuthServer.
func (a deniedAuthServer) AuthMethods() []vtmysql.AuthMethod {
	methods := slices.Clone(a.AuthServer.AuthMethods())
	for i, m := range methods {
		if m.Name() == vtmysql.MysqlNativePassword {
			methods[i] = unknownUserMethod{m, a.db}
		}
	}
	return methods
}

// unknownUserMethod is an authentication method that also takes users
// without an account, whom its storage then refuses.
type unknownUserMethod struct {
	vtmysql.AuthMethod
	db *mysql_db.MySQLDb
}

// HandleUser implements vitess's mysql.AuthMethod.
func (m unknownUserMethod) HandleUser(conn *vtmysql.Conn, user string) bool {
	if m.AuthMethod.HandleUser(conn, user) {
		return true
	}
	host, _, err := net.SplitHostPort(conn.RemoteAddr().String())
	if err != nil {
		return false
	}
	rd := m.db.Reader()
	defer rd.Close()
	return m.db.GetUser(rd, user, host, false) == nil
}

// withDeniedAuth is a go-mysql-server ProtocolListenerFunc: the MySQL
// protocol listener, authenticating through deniedAuthServer.
func withDeniedAuth(db *mysql_db.MySQLDb) server.ProtocolListenerFunc {
	return func(cfg server.Config, lc vtmysql.ListenerConfig, sel server.ServerEventListener) (server.ProtocolListener, error) {
		lc.AuthServer = deniedAuthServer{lc.AuthServer, db}
		return server.MySQLProtocolListenerFactory(cfg, lc, sel)
	}
}
