package catalog

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Fault (go-mysql-server v0.20.0): a database that does not implement
// sql.EventDatabase makes SHOW EVENTS and every read of
// information_schema.EVENTS fail ("database 'simsql' doesn't support
// events", 1105), where MySQL and MariaDB answer with no rows; BI tools
// and mariadb-dump --events read them when they browse a schema. simsql
// has no event scheduler, so a database has no events: it lists none,
// CREATE and ALTER EVENT get MySQL's error 1235 (ER_NOT_SUPPORTED_YET), and
// DROP EVENT finds no event. Pinned by StatementScripts "SHOW EVENTS and
// information_schema.EVENTS"; delete this file when simsql stores events.

var _ sql.EventDatabase = (*Database)(nil)

// errEventsNotSupported is MySQL's error 1235 for the event statements.
func errEventsNotSupported() error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSUnknownSQLState,
		"This version of MySQL doesn't yet support 'events'")
}

// GetEvent implements sql.EventDatabase: there are none.
func (d *Database) GetEvent(*sql.Context, string) (sql.EventDefinition, bool, error) {
	return sql.EventDefinition{}, false, nil
}

// GetEvents implements sql.EventDatabase: there are none.
func (d *Database) GetEvents(*sql.Context) ([]sql.EventDefinition, any, error) {
	return nil, nil, nil
}

// SaveEvent implements sql.EventDatabase: error 1235.
func (d *Database) SaveEvent(*sql.Context, sql.EventDefinition) (bool, error) {
	return false, errEventsNotSupported()
}

// DropEvent implements sql.EventDatabase: the event does not exist (DROP
// EVENT IF EXISTS notes it, as MySQL does).
func (d *Database) DropEvent(_ *sql.Context, name string) error {
	return sql.ErrEventDoesNotExist.New(name)
}

// UpdateEvent implements sql.EventDatabase: error 1235.
func (d *Database) UpdateEvent(*sql.Context, string, sql.EventDefinition) (bool, error) {
	return false, errEventsNotSupported()
}

// UpdateLastExecuted implements sql.EventDatabase: error 1235.
func (d *Database) UpdateLastExecuted(*sql.Context, string, time.Time) error {
	return errEventsNotSupported()
}

// NeedsToReloadEvents implements sql.EventDatabase: never.
func (d *Database) NeedsToReloadEvents(*sql.Context, any) (bool, error) { return false, nil }
