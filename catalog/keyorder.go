package catalog

import "slices"

// mysqlKeyOrder returns the positions in t.meta.Indexes of the secondary
// indexes in the order MySQL keeps a table's keys (sql_table.cc,
// sort_keys), in which SHOW CREATE TABLE, SHOW INDEX and
// information_schema.STATISTICS list them: unique keys first, those over
// NOT NULL columns only before those with a nullable column, and among
// these whole-column keys before prefix keys; then every other key; in
// order of creation within each group. (MariaDB 10.11 lists them so too.)
func (t *Table) mysqlKeyOrder() []int {
	class := func(i int) int {
		ix := &t.meta.Indexes[i]
		if !ix.Unique {
			return 4
		}
		c := 0
		for j, o := range t.indexOrdinals(ix) {
			if o >= 0 && t.sch.Schema[o].Nullable {
				c |= 2
			}
			if ix.Columns[j].Length > 0 {
				c |= 1
			}
		}
		return c
	}
	order := make([]int, len(t.meta.Indexes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return class(a) - class(b) })
	return order
}
