package catalog

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): FLOAT(M,D), DOUBLE(M,D) and REAL(M,D)
// lose M and D: types.ColumnTypeToType makes them plain FLOAT or DOUBLE,
// so values were not rounded to D decimals, SHOW CREATE TABLE wrote
// `float`, and the column definition sent to clients had decimals 31 ("no
// fixed scale": go-sql-driver/mysql's suite, TestRowsColumnTypes, wants 4
// for FLOAT(7,4)). MySQL 8 (which deprecates the syntax) and MariaDB round
// each stored value to D decimals, refuse one with more than M−D integer
// digits (error 1264 in strict mode; otherwise the nearest end of the
// range, with warning 1264), send length M and decimals D, and write
// float(M,D) in SHOW CREATE TABLE.
//
// simsql reads M and D from the statement's text when CREATE TABLE or
// ALTER TABLE declares such a column (go-mysql-server hands the catalog
// only its schema), and keeps them in the column's type text in the
// metadata, "float(7,4)", which go-mysql-server (and so an older simsql)
// parses back as FLOAT: no metadata version changes. A column keeps its
// scale through an ALTER that does not declare it anew. Rows are rounded
// and range-checked as they are written (editor.Insert, editor.Update,
// the ALTER rewriter); the wire's column definitions (cmd/simsql,
// Session.FloatScale), SHOW CREATE TABLE (showFloatScales) and SHOW
// COLUMNS (DeclaredType) carry M and D. Not done: information_schema.COLUMNS
// still says float; CREATE TABLE … LIKE and … AS SELECT do not copy the
// scale, nor does a CREATE TABLE in a stored procedure keep one (its text
// is not ctx.Query()); INSERT IGNORE in strict mode fails an out-of-range value instead
// of storing the nearest end. Pinned by FloatScaleScripts (sqltests/scripts_float_scale.go),
// also run on MariaDB, and TestProtocolFloatScale.

// floatScale is a float column's declared display width m and scale d.
type floatScale struct {
	col  int // ordinal in the table's schema
	m, d int
	max  float64 // 10^(m−d) − 10^−d, the largest magnitude stored
}

// floatScaleType matches a float column's type text with (M,D).
var floatScaleType = regexp.MustCompile(`^(float|double)\((\d+),(\d+)\)`)

// parseFloatScale returns the M and D of a column's type text
// ("float(7,4)"), ok false for any other type.
func parseFloatScale(typ string) (m, d int, ok bool) {
	g := floatScaleType.FindStringSubmatch(typ)
	if g == nil {
		return 0, 0, false
	}
	m, _ = strconv.Atoi(g[2])
	d, _ = strconv.Atoi(g[3])
	return m, d, true
}

// compileScales records the table's scaled float columns (m.scales) from
// their type text.
func (m *tableMeta) compileScales() {
	m.scales, m.unsigned = nil, nil
	for i, c := range m.Columns {
		if isUnsignedReal(c.Type) { // compat_unsigned_real.go
			m.unsigned = append(m.unsigned, i)
		}
		if pm, pd, ok := parseFloatScale(c.Type); ok {
			m.scales = append(m.scales, floatScale{col: i, m: pm, d: pd,
				max: math.Pow10(pm-pd) - math.Pow10(-pd)})
		}
	}
}

// FloatScale returns the declared display width m and scale d of column
// of table in database db (a FLOAT(M,D) or DOUBLE(M,D) column), as the
// session's temporary tables and then the latest committed metadata
// describe it; ok is false for any other column, a missing table, or an
// error.
func (s *Session) FloatScale(db, table, column string) (m, d int, ok bool) {
	s.mu.Lock()
	temp := s.temp
	s.mu.Unlock()
	for _, st := range []*Store{temp, s.store} {
		if st == nil {
			continue
		}
		if m, d, found := st.floatScale(db, table, column); found {
			return m, d, true
		}
	}
	return 0, 0, false
}

func (s *Store) floatScale(db, table, column string) (m, d int, ok bool) {
	t := s.newTransaction(true)
	defer func() { _ = t.rollback() }()
	dm, err := s.readDatabaseMeta(t, db)
	if err != nil || dm == nil {
		return 0, 0, false
	}
	id, found := dm.Tables[strings.ToLower(table)]
	if !found {
		return 0, 0, false
	}
	c, err := s.table(t, db, id)
	if err != nil {
		return 0, 0, false
	}
	for _, sc := range c.meta.scales {
		if strings.EqualFold(c.meta.Columns[sc.col].Name, column) {
			return sc.m, sc.d, true
		}
	}
	return 0, 0, false
}

// MySQL's errors for a float's declared (M,D).
const (
	erTooBigScale  = 1425 // ER_TOO_BIG_SCALE
	erMBiggerThanD = 1427 // ER_M_BIGGER_THAN_D
	maxFloatScale  = 30
)

// declaredFloatTypes returns the column types the statement ctx runs
// declares for table (CREATE TABLE's columns; ALTER TABLE's ADD, MODIFY
// and CHANGE), by lower-case column name, for float and double columns:
// with their (M,D), or nil when declared without a scale. ctx.Query() is
// the statement, followed in a multi-statement string by those after it
// (go-mysql-server's handler). Errors: 1427 for D > M, 1425 for D > 30.
func declaredFloatTypes(ctx *sql.Context, table string) (map[string]*ast.ColumnType, error) {
	q := strings.ToLower(ctx.Query())
	if !strings.Contains(q, "float") && !strings.Contains(q, "double") && !strings.Contains(q, "real") {
		return nil, nil
	}
	specs := declaredSpecs(ctx, table)
	out := map[string]*ast.ColumnType{}
	for _, spec := range specs {
		if spec == nil {
			continue
		}
		for _, c := range spec.Columns {
			switch strings.ToLower(c.Type.Type) {
			case "float", "double", "real", "double precision":
			default:
				continue
			}
			name := c.Name.Lowered()
			out[name] = nil
			if c.Type.Length == nil || c.Type.Scale == nil {
				continue
			}
			m, err1 := strconv.Atoi(string(c.Type.Length.Val))
			d, err2 := strconv.Atoi(string(c.Type.Scale.Val))
			if err1 != nil || err2 != nil {
				continue
			}
			if d > maxFloatScale {
				return nil, mysql.NewSQLError(erTooBigScale, "42000", "Too big scale %d specified for column '%s'. Maximum is %d.", d, c.Name.String(), maxFloatScale)
			}
			if d > m {
				return nil, mysql.NewSQLError(erMBiggerThanD, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '%s').", c.Name.String())
			}
			ct := c.Type
			out[name] = &ct
		}
	}
	return out, nil
}

// declaredSpecs returns the table specifications the statement ctx runs
// gives table (CREATE TABLE's; ALTER TABLE's ADD, MODIFY and CHANGE), nil
// for a statement vitess does not parse.
func declaredSpecs(ctx *sql.Context, table string) []*ast.TableSpec {
	first, _, err := ast.SplitStatement(ctx.Query())
	if err != nil {
		return nil
	}
	stmt, err := ast.Parse(first)
	if err != nil {
		return nil
	}
	var specs []*ast.TableSpec
	switch s := stmt.(type) {
	case *ast.DDL:
		if strings.EqualFold(s.Table.Name.String(), table) {
			specs = append(specs, s.TableSpec)
		}
	case *ast.AlterTable:
		if strings.EqualFold(s.Table.Name.String(), table) {
			for _, d := range s.Statements {
				specs = append(specs, d.TableSpec)
			}
		}
	}
	return specs
}

// applyFloatScales writes the declared (M,D) of m's float columns into
// their type text: from the statement ctx runs where it declares the
// column, else kept from old (the table before an ALTER; nil for a new
// table), found by name or, for oldName, under newName (an ALTER …
// CHANGE that renames it). It compiles m's scales.
func applyFloatScales(ctx *sql.Context, m, old *tableMeta, oldName, newName string) error {
	declared, err := declaredFloatTypes(ctx, m.Name)
	if err != nil {
		return err
	}
	for i := range m.Columns {
		c := &m.Columns[i]
		if _, _, ok := parseFloatScale(c.Type); ok {
			continue
		}
		if c.Type != types.Float32.String() && c.Type != types.Float64.String() {
			continue
		}
		if ct, ok := declared[strings.ToLower(c.Name)]; ok {
			if ct != nil {
				c.Type += "(" + string(ct.Length.Val) + "," + string(ct.Scale.Val) + ")"
			}
			continue
		}
		if old == nil {
			continue
		}
		name := c.Name
		if strings.EqualFold(name, newName) {
			name = oldName
		}
		if j := old.column(name); j >= 0 {
			if pm, pd, ok := parseFloatScale(old.Columns[j].Type); ok {
				c.Type += "(" + strconv.Itoa(pm) + "," + strconv.Itoa(pd) + ")"
			}
		}
	}
	applyUnsigned(ctx, m, old, oldName, newName) // compat_unsigned_real.go
	m.compileScales()
	return nil
}

// roundScaled rounds the values of row's scaled float columns to their
// scale in place, as MySQL stores them; a value beyond the column's range
// is error 1264 in strict mode, else the nearest end of the range with
// warning 1264. n is the row's number in its statement, for the message.
func (t *Table) roundScaled(ctx *sql.Context, row sql.Row, n int64) error {
	if err := t.checkUnsigned(ctx, row, n); err != nil { // compat_unsigned_real.go
		return err
	}
	for _, sc := range t.meta.scales {
		if sc.col >= len(row) || row[sc.col] == nil {
			continue
		}
		var f float64
		switch v := row[sc.col].(type) {
		case float32:
			// go-mysql-server has already made the written DOUBLE a
			// FLOAT; MySQL rounds the DOUBLE. The float's shortest
			// decimal form gives it back for a value of up to 7
			// significant digits (999.995, not 999.9949951171875).
			f, _ = strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
		case float64:
			f = v
		default:
			continue
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		r := roundToScale(f, sc.d)
		if math.Abs(r) > sc.max {
			name := t.meta.Columns[sc.col].Name
			if strictMode(ctx) {
				return mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", name, n)
			}
			ctx.Warn(erWarnDataOutOfRange, "Out of range value for column '%s' at row %d", name, n)
			r = math.Copysign(sc.max, r)
		}
		if _, ok := row[sc.col].(float32); ok {
			row[sc.col] = float32(r)
		} else {
			row[sc.col] = r
		}
	}
	return nil
}

// roundToScale returns f rounded to d decimals as MySQL 8 and MariaDB
// store it in a FLOAT(M,D) or DOUBLE(M,D) column (Field_real's
// truncate_double): the fraction times 10^d rounded half to even in
// binary, rint((f − ⌊f⌋)·10^d) / 10^d, added back to ⌊f⌋. So 0.35 in
// FLOAT(4,1) is 0.4 (3.5 is exact after the product), 1.115 in
// DOUBLE(5,2) is 1.12 and 0.05 in FLOAT(4,1) is 0, where rounding the
// exact binary value gives 0.3, 1.11 and 0.1. The sum is then made the
// double nearest its d-decimal text (−1 + 0.8 is −0.19999999999999996,
// which MySQL prints with d decimals as −0.2; simsql prints the value).
func roundToScale(f float64, d int) float64 {
	p := math.Pow10(d)
	fl := math.Floor(f)
	r := fl + math.RoundToEven((f-fl)*p)/p
	r, _ = strconv.ParseFloat(strconv.FormatFloat(r, 'f', d, 64), 64)
	return r
}

// modifiedFloatScale gives cm, the new definition of column i in an ALTER
// that go-mysql-server makes without rewriting the table (its type is the
// same FLOAT or DOUBLE), the scale the statement declares or, if it
// declares none, column i's own. Changing the scale in a way that would
// need the stored values rounded again or range-checked (a smaller D or
// fewer integer digits, or a scale for a column that had none) is error
// 1235: the rows are not rewritten on this path. rescaled reports that
// only the scale changed, in a way the stored values need nothing for.
func (t *Table) modifiedFloatScale(ctx *sql.Context, i int, cm columnMeta) (_ columnMeta, rescaled bool, err error) {
	m := &tableMeta{Name: t.meta.Name, Columns: []columnMeta{cm}}
	old := &tableMeta{Columns: []columnMeta{t.meta.Columns[i]}}
	if err := applyFloatScales(ctx, m, old, t.meta.Columns[i].Name, cm.Name); err != nil {
		return cm, false, err
	}
	cm = m.Columns[0]
	if cm.Type == old.Columns[0].Type {
		return cm, false, nil
	}
	nm, nd, newScaled := parseFloatScale(cm.Type)
	om, od, oldScaled := parseFloatScale(old.Columns[0].Type)
	if newScaled && (!oldScaled || nd < od || nm-nd < om-od) {
		return cm, false, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
			"This version of simsql doesn't yet support 'changing a FLOAT(M,D) column to a smaller scale or range'")
	}
	return cm, stripScale(cm.Type) == stripScale(old.Columns[0].Type), nil
}

// stripScale returns a float type's text without its (M,D).
func stripScale(typ string) string {
	if g := floatScaleType.FindStringSubmatchIndex(typ); g != nil {
		return typ[:g[3]] + typ[g[1]:]
	}
	return typ
}

// showFloatScales returns the CREATE TABLE text stmt (go-mysql-server's,
// which writes a column definition as "  `name` type …") with the (M,D) of
// the table's scaled float columns after their type.
func (t *Table) showFloatScales(stmt string) string {
	cols := t.meta.unsigned
	for _, sc := range t.meta.scales {
		cols = append(cols, sc.col)
	}
	shown := map[int]bool{}
	for _, o := range cols {
		if shown[o] {
			continue
		}
		shown[o] = true
		c := t.meta.Columns[o]
		plain := "\n  " + sql.QuoteIdentifier(c.Name) + " " + stripScale(strings.TrimSuffix(c.Type, unsignedSuffix))
		for from := 0; ; {
			i := strings.Index(stmt[from:], plain)
			if i < 0 {
				break
			}
			end := from + i + len(plain)
			if end == len(stmt) || stmt[end] == ' ' || stmt[end] == ',' || stmt[end] == '\n' {
				stmt = stmt[:end-len(plain)] + "\n  " + sql.QuoteIdentifier(c.Name) + " " + c.Type + stmt[end:]
				break
			}
			from = end
		}
	}
	return stmt
}

// DeclaredType returns the type text of a FLOAT(M,D) or DOUBLE(M,D)
// column ("float(7,4)"), for SHOW COLUMNS (compat.DeclaredTypes); ok is
// false for any other column.
func (t *Table) DeclaredType(column string) (string, bool) {
	for _, sc := range t.meta.scales {
		if c := t.meta.Columns[sc.col]; strings.EqualFold(c.Name, column) {
			return c.Type, true
		}
	}
	for _, o := range t.meta.unsigned {
		if c := t.meta.Columns[o]; strings.EqualFold(c.Name, column) {
			return c.Type, true
		}
	}
	return "", false
}
