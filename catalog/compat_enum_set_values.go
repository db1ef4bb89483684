package catalog

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// Fault (go-mysql-server v0.20.0, EnumType and SetType Convert): a value
// that is no member of an ENUM or SET column was error 1105 "value z is
// not valid for this Enum" ("… was not found in the set"; under IGNORE a
// note 1105), INSERT IGNORE of 'x,z' into SET('x','y') stored '' (the
// valid member lost), and ENUM index 0 was stored in strict mode. MySQL 8
// (Field_enum::store, Field_set::store) refuses such a value in strict
// mode without IGNORE with error 1265 (SQLSTATE 01000) "Data truncated
// for column 'e' at row 1"; otherwise it stores the ENUM's '' (index 0),
// or the SET's valid members, with warning 1265. checkedValue puts the
// value in a valueCheck of enumSetValue. Pinned by CompatFaultScripts "ENUM and SET
// values that are no member: 1265". Delete this file when upstream
// converts as MySQL does.

// isEnumSetColumn reports whether col is an ENUM or SET column.
func isEnumSetColumn(col *sql.Column) bool {
	return col != nil && (types.IsEnum(col.Type) || types.IsSet(col.Type))
}

// enumSetValue checks a value written to an ENUM or SET column: the
// value if the column takes it; else, in strict mode without IGNORE,
// error 1265, otherwise warning 1265 and the ENUM's index 0 or the SET's
// valid members.
func enumSetValue(c *valueCheck, ctx *sql.Context, v any, n int64) (any, error) {
	if s, ok := v.(string); ok {
		if got, ok := enumSetNumber(ctx, c.col, s); ok {
			return got, nil
		}
	}
	got, _, err := c.col.Type.Convert(ctx, v)
	if err == nil && !(types.IsEnum(c.col.Type) && got == uint16(0)) {
		return v, nil
	}
	if strictMode(ctx) && !c.ignore {
		return nil, mysql.NewSQLError(erWarnDataTruncated, "01000", "%s", truncated(c.col.Name, n))
	}
	ctx.Warn(erWarnDataTruncated, "%s", truncated(c.col.Name, n))
	s, isString := v.(string)
	if types.IsEnum(c.col.Type) || !isString {
		return uint16(0), nil
	}
	var kept []string
	for _, m := range strings.Split(s, ",") {
		if _, _, err := c.col.Type.Convert(ctx, m); err == nil && m != "" {
			kept = append(kept, m)
		}
	}
	return strings.Join(kept, ","), nil
}

// enumSetNumber returns the value of ENUM or SET column col that string s
// names as a number: an ENUM's member by its index, a SET's by their bits
// ('2', '3'), as Field_enum::store and Field_set::store read one; ok is
// false when s is no such number.
func enumSetNumber(ctx *sql.Context, col *sql.Column, s string) (any, bool) {
	n, err := strconv.ParseUint(strings.TrimRight(s, " "), 10, 64)
	if err != nil || n == 0 {
		return nil, false
	}
	v, _, err := col.Type.Convert(ctx, n)
	return v, err == nil
}
