package catalog

import (
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// Triggers and stored procedures are stored as go-mysql-server gives them
// (their CREATE statements and modes) in the database's metadata; the
// engine parses them when it runs them.

var (
	_ sql.TriggerDatabase         = (*Database)(nil)
	_ sql.StoredProcedureDatabase = (*Database)(nil)
)

// GetTriggers implements sql.TriggerDatabase, in order of creation.
func (d *Database) GetTriggers(ctx *sql.Context) ([]sql.TriggerDefinition, error) {
	m, err := d.readMeta(ctx)
	if err != nil {
		return nil, err
	}
	return append([]sql.TriggerDefinition(nil), m.Triggers...), nil
}

// CreateTrigger implements sql.TriggerDatabase.
func (d *Database) CreateTrigger(ctx *sql.Context, def sql.TriggerDefinition) error {
	if err := d.triggerOnTemporary(ctx, def.CreateStatement); err != nil {
		return err
	}
	return d.editMeta(ctx, func(m *databaseMeta) error {
		for _, t := range m.Triggers {
			if strings.EqualFold(t.Name, def.Name) {
				return sql.ErrTriggerCreateStatementInvalid.New(def.CreateStatement)
			}
		}
		m.Triggers = append(m.Triggers, def)
		return nil
	})
}

// DropTrigger implements sql.TriggerDatabase.
func (d *Database) DropTrigger(ctx *sql.Context, name string) error {
	return d.editMeta(ctx, func(m *databaseMeta) error {
		for i, t := range m.Triggers {
			if strings.EqualFold(t.Name, name) {
				m.Triggers = append(m.Triggers[:i], m.Triggers[i+1:]...)
				return nil
			}
		}
		return sql.ErrTriggerDoesNotExist.New(name)
	})
}

// GetStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) GetStoredProcedure(ctx *sql.Context, name string) (sql.StoredProcedureDetails, bool, error) {
	m, err := d.readMeta(ctx)
	if err != nil {
		return sql.StoredProcedureDetails{}, false, err
	}
	p, ok := m.Procedures[strings.ToLower(name)]
	return p, ok, nil
}

// GetStoredProcedures implements sql.StoredProcedureDatabase, in order of name.
func (d *Database) GetStoredProcedures(ctx *sql.Context) ([]sql.StoredProcedureDetails, error) {
	m, err := d.readMeta(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]sql.StoredProcedureDetails, 0, len(m.Procedures))
	for _, p := range m.Procedures {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// SaveStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) SaveStoredProcedure(ctx *sql.Context, p sql.StoredProcedureDetails) error {
	return d.editMeta(ctx, func(m *databaseMeta) error {
		if _, ok := m.Procedures[strings.ToLower(p.Name)]; ok {
			return sql.ErrStoredProcedureAlreadyExists.New(p.Name)
		}
		if m.Procedures == nil {
			m.Procedures = map[string]sql.StoredProcedureDetails{}
		}
		m.Procedures[strings.ToLower(p.Name)] = p
		return nil
	})
}

// DropStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) DropStoredProcedure(ctx *sql.Context, name string) error {
	return d.editMeta(ctx, func(m *databaseMeta) error {
		if _, ok := m.Procedures[strings.ToLower(name)]; !ok {
			return sql.ErrStoredProcedureDoesNotExist.New(name)
		}
		delete(m.Procedures, strings.ToLower(name))
		return nil
	})
}
