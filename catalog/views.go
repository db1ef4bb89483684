package catalog

import (
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

var (
	_ sql.ViewDatabase     = (*Database)(nil)
	_ sql.CollatedDatabase = (*Database)(nil)
)

// viewMeta is a persisted view definition.
type viewMeta struct {
	Name    string `json:"name"`
	Text    string `json:"text"`
	Create  string `json:"create"`
	SQLMode string `json:"sql_mode,omitempty"`
}

// editMeta applies f to the database's metadata in ctx's transaction and
// stores the result.
func (d *Database) editMeta(ctx *sql.Context, f func(m *databaseMeta) error) error {
	t, m, err := d.metaForEdit(ctx)
	if err != nil {
		return err
	}
	if err := f(m); err != nil {
		return err
	}
	return d.store.putDatabaseMeta(t, m)
}

// metaForEdit returns ctx's write transaction and the database's metadata
// in it, for a change the caller stores with putDatabaseMeta. The error is
// sql.ErrDatabaseNotFound if the database is gone.
func (d *Database) metaForEdit(ctx *sql.Context) (*Transaction, *databaseMeta, error) {
	t, _, err := d.store.writeTx(ctx)
	if err != nil {
		return nil, nil, err
	}
	m, err := d.store.databaseMeta(t, d.name)
	if err != nil {
		return nil, nil, err
	}
	if m == nil {
		return nil, nil, sql.ErrDatabaseNotFound.New(d.name)
	}
	return t, m, nil
}

// readMeta returns the database's metadata as ctx's transaction sees it.
func (d *Database) readMeta(ctx *sql.Context) (*databaseMeta, error) {
	t, done, err := d.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	m, err := d.store.readDatabaseMeta(t, d.name)
	if err == nil && m == nil {
		err = sql.ErrDatabaseNotFound.New(d.name)
	}
	return m, err
}

// CreateView implements sql.ViewDatabase.
func (d *Database) CreateView(ctx *sql.Context, name, selectStatement, createViewStmt string) error {
	if err := d.viewOfTemporary(ctx, selectStatement); err != nil {
		return err
	}
	return d.editMeta(ctx, func(m *databaseMeta) error {
		if _, ok := m.Views[strings.ToLower(name)]; ok {
			return sql.ErrExistingView.New(d.name, name)
		}
		if _, ok := m.Tables[strings.ToLower(name)]; ok {
			return sql.ErrTableAlreadyExists.New(name)
		}
		if m.Views == nil {
			m.Views = map[string]viewMeta{}
		}
		mode, _ := ctx.GetSessionVariable(ctx, "sql_mode")
		modeStr, _ := mode.(string)
		m.Views[strings.ToLower(name)] = viewMeta{Name: name, Text: selectStatement, Create: createViewStmt, SQLMode: modeStr}
		return nil
	})
}

// DropView implements sql.ViewDatabase.
func (d *Database) DropView(ctx *sql.Context, name string) error {
	return d.editMeta(ctx, func(m *databaseMeta) error {
		if _, ok := m.Views[strings.ToLower(name)]; !ok {
			return sql.ErrViewDoesNotExist.New(d.name, name)
		}
		delete(m.Views, strings.ToLower(name))
		return nil
	})
}

// GetViewDefinition implements sql.ViewDatabase.
func (d *Database) GetViewDefinition(ctx *sql.Context, name string) (sql.ViewDefinition, bool, error) {
	m, err := d.readMeta(ctx)
	if err != nil {
		return sql.ViewDefinition{}, false, err
	}
	v, ok := m.Views[strings.ToLower(name)]
	if !ok {
		return sql.ViewDefinition{}, false, nil
	}
	return sql.ViewDefinition{Name: v.Name, TextDefinition: v.Text, CreateViewStatement: v.Create, SqlMode: v.SQLMode}, true, nil
}

// AllViews implements sql.ViewDatabase, in order of name.
func (d *Database) AllViews(ctx *sql.Context) ([]sql.ViewDefinition, error) {
	m, err := d.readMeta(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]sql.ViewDefinition, 0, len(m.Views))
	for _, v := range m.Views {
		out = append(out, sql.ViewDefinition{Name: v.Name, TextDefinition: v.Text, CreateViewStatement: v.Create, SqlMode: v.SQLMode})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// GetCollation implements sql.CollatedDatabase.
func (d *Database) GetCollation(ctx *sql.Context) sql.CollationID {
	m, err := d.readMeta(ctx)
	if err != nil || m.Collation == "" {
		return sql.Collation_Default
	}
	c, err := sql.ParseCollation("", m.Collation, false)
	if err != nil {
		return sql.Collation_Default
	}
	return c
}

// SetCollation implements sql.CollatedDatabase.
func (d *Database) SetCollation(ctx *sql.Context, collation sql.CollationID) error {
	return d.editMeta(ctx, func(m *databaseMeta) error {
		m.Collation = collation.Name()
		return nil
	})
}
