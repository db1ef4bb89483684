package catalog

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// The AUTO_INCREMENT counter is a uint64 that wrapped: in a BIGINT
// UNSIGNED AUTO_INCREMENT column the value after 18446744073709551615 was
// 0, and the row was written with it (the sequence then restarted at 0,
// 1, … and collided with old ids), and in a BIGINT column the value after
// 9223372036854775807 was refused as a duplicate of it (1062). MySQL 8's
// InnoDB generates no value past the column type's largest: the insert
// fails with error 1467 (ER_AUTOINC_READ_FAILED, HY000) "Failed to read
// auto-increment value from storage engine" and writes nothing (MySQL 8
// reference manual, "AUTO_INCREMENT Handling in InnoDB": "the next attempt
// to generate a sequence number fails"). The smaller integer types keep
// the behaviour they had (their range check refuses the value). Pinned by
// IntegerRangeScripts "AUTO_INCREMENT stops at the column's largest value"
// (sqltests/scripts_integer_range.go, also on MariaDB, which refuses the
// largest value itself too; MySQL 8 hands it out).

// errAutoIncrementRange is MySQL's ER_AUTOINC_READ_FAILED.
var errAutoIncrementRange = mysql.NewSQLError(1467, mysql.SSUnknownSQLState, "Failed to read auto-increment value from storage engine")

// lastAutoIncrement returns the largest value t's AUTO_INCREMENT counter
// may hand out: 2^63−1 for a BIGINT column, else 2^64−1.
func (t *Table) lastAutoIncrement() uint64 {
	for _, c := range t.sch.Schema {
		if c.AutoIncrement && types.IsInteger(c.Type) && c.Type.Type() == querypb.Type_INT64 {
			return math.MaxInt64
		}
	}
	return math.MaxUint64
}
