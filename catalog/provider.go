// Package catalog opens the databases simsql serves and builds the
// go-mysql-server engine and sessions over them.
package catalog

import (
	"context"
	"fmt"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/memory"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/functions"
)

// DefaultDatabase is the database every session starts in when the client
// names none. Open creates it if it is missing.
const DefaultDatabase = "simsql"

// Provider is the set of databases simsql serves.
type Provider struct {
	dataDir string
	pro     *memory.DbProvider
}

// Open returns the Provider for dataDir, creating the database "simsql" if it
// is missing.
//
// Open does not yet store anything durably: the databases live in memory,
// backed by go-mysql-server's memory provider, and are lost when the process
// exits. dataDir is only recorded (see DataDir); durable storage under it
// will replace the memory provider.
func Open(dataDir string) (*Provider, error) {
	pro := memory.NewDBProvider()
	pro.WithOption(memory.NativeIndexProvider(true))
	ctx := sql.NewEmptyContext()
	if !pro.HasDatabase(ctx, DefaultDatabase) {
		if err := pro.CreateDatabase(ctx, DefaultDatabase); err != nil {
			return nil, fmt.Errorf("catalog: creating database %s: %w", DefaultDatabase, err)
		}
	}
	db, err := pro.Database(ctx, DefaultDatabase)
	if err != nil {
		return nil, err
	}
	if mdb, ok := db.(*memory.Database); ok {
		mdb.EnablePrimaryKeyIndexes()
	}
	return &Provider{dataDir: dataDir, pro: pro}, nil
}

// DataDir returns the directory Open was given.
func (p *Provider) DataDir() string { return p.dataDir }

// DatabaseProvider returns the go-mysql-server provider behind p.
func (p *Provider) DatabaseProvider() sql.DatabaseProvider { return p.pro }

// NewEngine returns a go-mysql-server engine over p's databases with every
// function of functions.All registered. User accounts are left disabled:
// the engine accepts any user until the caller adds one to
// engine.Analyzer.Catalog.MySQLDb.
func NewEngine(p *Provider) *sqle.Engine {
	engine := sqle.NewDefault(p.pro)
	engine.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(), functions.All()...)
	return engine
}

// SessionBuilder returns a session builder for server.NewServer. Each
// session starts in DefaultDatabase; a database named by the client at
// connection time replaces it.
func (p *Provider) SessionBuilder() func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
	build := memory.NewSessionBuilder(p.pro)
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		sess, err := build(ctx, conn, addr)
		if err != nil {
			return nil, err
		}
		sess.SetCurrentDatabase(DefaultDatabase)
		return sess, nil
	}
}

// NewContext returns a query context for in-process use (tests, tools) whose
// session belongs to root@localhost and whose current database is
// DefaultDatabase.
func (p *Provider) NewContext(ctx context.Context) *sql.Context {
	base := sql.NewBaseSessionWithClientServer("", sql.Client{User: "root", Address: "localhost"}, 0)
	sess := memory.NewSession(base, p.pro)
	sess.SetCurrentDatabase(DefaultDatabase)
	return sql.NewContext(ctx, sql.WithSession(sess))
}
