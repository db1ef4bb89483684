// Package catalog holds the databases and tables simsql serves, durably:
// a go-mysql-server sql.MutableDatabaseProvider (Store) whose tables keep
// their rows, secondary indexes, AUTO_INCREMENT counters and metadata in one
// bbolt file under the data directory (package storage), and the engine
// and sessions over it.
package catalog

import (
	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/functions"
)

// DefaultDatabase is the database every session starts in when the client
// names none. Open creates it if it is missing.
const DefaultDatabase = "simsql"

// Open opens the durable catalog in dataDir, creating the directory and the
// database DefaultDatabase if missing. Only one process may have dataDir
// open; see OpenStore for the errors.
func Open(dataDir string) (*Store, error) {
	return OpenStore(dataDir)
}

// NewEngine returns a go-mysql-server engine over s's databases with every
// function of functions.All registered. User accounts are left disabled:
// the engine accepts any user until the caller adds one to
// engine.Analyzer.Catalog.MySQLDb.
func NewEngine(s *Store) *sqle.Engine {
	engine := sqle.NewDefault(s)
	engine.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(), functions.All()...)
	return engine
}

// DataDir returns the data directory of s.
func (s *Store) DataDir() string { return s.kv.Dir() }
