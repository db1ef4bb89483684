package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// duplicateKey returns the error of a row whose key ix (nil: the primary
// key) already has: go-mysql-server's kind (which INSERT IGNORE and ON
// DUPLICATE KEY UPDATE look for), with the key as MySQL words it in error
// 1062, "'a-b' for key 't.k'", the key's values (at most 64 characters)
// joined by '-' and the index named after its table (package mysqlerr adds
// "Duplicate entry ").
func (t *Table) duplicateKey(ix *indexMeta, row, existing sql.Row) error {
	ords, name := t.meta.PK, "PRIMARY"
	if ix != nil {
		ords, name = t.indexOrdinals(ix), ix.Name
	}
	ctx := sql.NewEmptyContext()
	parts := make([]string, len(ords))
	for i, o := range ords {
		v := row[o]
		switch {
		case ix != nil && i < len(ix.Columns) && ix.Columns[i].Length > 0:
			v = truncatePrefix(v, ix.Columns[i].Length)
		case ix == nil && i < len(t.meta.PKLengths) && t.meta.PKLengths[i] > 0:
			v = truncatePrefix(v, t.meta.PKLengths[i]) // a prefix primary key
		}
		if v == nil {
			parts[i] = "NULL"
			continue
		}
		if text, ok := binaryKeyText(t.sch.Schema[o].Type, v); ok { // compat_binary_key_text.go
			parts[i] = text
			continue
		}
		s, err := t.sch.Schema[o].Type.SQL(ctx, nil, v)
		if err != nil {
			parts[i] = "?"
			continue
		}
		parts[i] = s.ToString()
	}
	value := []rune(strings.Join(parts, "-"))
	if len(value) > 64 {
		value = value[:64]
	}
	key := "'" + string(value) + "' for key '" + t.meta.Name + "." + name + "'"
	return sql.NewUniqueKeyErr(key, ix == nil, existing)
}
