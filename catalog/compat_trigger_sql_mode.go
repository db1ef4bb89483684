package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// A trigger runs with the sql_mode it was created with
// (compat/trigger_sql_mode.go, which names the fault): the session is
// compat's SQLModeScope.

// WithSQLMode implements compat.SQLModeScope: statements read mode as the
// session's sql_mode until restore.
func (s *Session) WithSQLMode(mode string) (restore func()) {
	before := s.modeOverride
	s.modeOverride = &mode
	return func() { s.modeOverride = before }
}

// TriggerSQLMode implements compat.SQLModeScope: the sql_mode stored with
// the trigger of def's name and CREATE TRIGGER text, looked for in the
// current database first.
func (s *Session) TriggerSQLMode(ctx *sql.Context, def sql.TriggerDefinition) (string, bool) {
	dbs := s.store.AllDatabases(ctx)
	cur := ctx.GetCurrentDatabase()
	for pass := 0; pass < 2; pass++ {
		for _, db := range dbs {
			d, ok := db.(*Database)
			if !ok || strings.EqualFold(d.Name(), cur) != (pass == 0) {
				continue
			}
			triggers, err := d.GetTriggers(ctx)
			if err != nil {
				continue
			}
			for _, t := range triggers {
				if strings.EqualFold(t.Name, def.Name) && t.CreateStatement == def.CreateStatement {
					return t.SqlMode, true
				}
			}
		}
	}
	return "", false
}
