package catalog

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
	"golang.org/x/text/encoding"
)

// Fault (go-mysql-server v0.20.0): LOAD DATA read files differently from
// MySQL, silently. It split each line at every field terminator, quotes or
// not; with ENCLOSED BY it refused any field that was not enclosed
// ("field not properly enclosed") and kept doubled quotes doubled; it
// dropped the escape character instead of interpreting the escape, so
// `a string containing a \t` loaded as `a string containing a t` (MySQL: a
// TAB), and `\\` as nothing; a terminator could not be escaped, and a
// quoted field could not hold a newline.
//
// Here LOAD DATA reads the file as MySQL's READ_INFO does (MySQL 8
// reference manual, "LOAD DATA Statement", Field and Line Handling): LINES
// STARTING BY skips everything up to the prefix (lines without it are
// skipped); a field starting with the ENCLOSED BY character runs to that
// character followed by the field or line terminator, a doubled one being
// one character; the ESCAPED BY character introduces \0 \b \n \r \t \Z
// (NUL, backspace, newline, return, tab, Ctrl-Z), \N (NULL, as a whole
// field, enclosed or not) and any other character as itself (the escape,
// the quote, a terminator), except that an escape character equal to the
// ENCLOSED BY one only doubles itself (read_field: "fie""ld1"; it made the
// whole file one field); with ENCLOSED BY set, an unenclosed NULL is NULL;
// IGNORE n LINES skips the first n records; after the last target's
// field the rest of the line is skipped whatever its quotes, a warning
// 1262 if anything came before the line terminator (read_sep_field and
// READ_INFO::next_line: a CRLF file read with LINES TERMINATED BY '\n'
// kept only its first record); an enclosed field not closed runs to the
// end of the file, opening quote included. Column lists, user variables,
// SET and defaults map as go-mysql-server mapped them. A blank line is a
// record of one empty field (go-mysql-server skipped it). A record with
// fewer fields than the statement's list is error 1261 in strict mode (a
// warning per missing column otherwise, the column NULL if its default is
// NULL, else its type's zero, as MariaDB stores it), one with more is
// 1262; an empty field for a number is 1366 in strict mode, else 0 with a
// warning (go-mysql-server stored NULL); a NULL for a NOT NULL column is
// 1263 (a field) or 1048 (SET) in strict mode, else the column's zero with
// the same as a warning (nullFor); a text too long for a CHAR or VARCHAR
// column is 1406, else cut with warning 1265. IGNORE and LOCAL make those errors
// warnings. Fixed-width rows (FIELDS TERMINATED BY '' ENCLOSED BY '', which
// go-mysql-server's plan cannot tell from the default tab, and read with
// its reader) are cut into each column's width as MariaDB does
// (fixedReader, fixedWidthOf). Pinned by TestLoadDataMatchesMariaDB
// (sqltests/load_data_test.go), which loads the same files into MariaDB.

// ruleLoadData is the id of mysqlLoadData, run last in OnceAfterAll.
const ruleLoadData analyzer.RuleId = 10_014

// mysqlLoadData replaces the go-mysql-server LOAD DATA source of an
// INSERT by loadData.
func mysqlLoadData(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Source == nil {
			return n, transform.SameTree, nil
		}
		src, same, err := transform.Node(ins.Source, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			ld, ok := n.(*plan.LoadData)
			if !ok {
				return n, transform.SameTree, nil
			}
			targets, fixed := loadStatement(ctx)
			if !fixed && (ld.FieldsTerminatedBy == "" || ld.LinesTerminatedBy == "") {
				return n, transform.SameTree, nil
			}
			// LOCAL without REPLACE loads as IGNORE does: the server
			// cannot stop the client's file midway (MySQL 8 reference
			// manual, LOAD DATA, "Duplicate-Key and Error Handling";
			// sql_load.cc sets ignore only for DUP_ERROR). With REPLACE,
			// a bad value is an error in strict mode, as in MariaDB.
			ignore := ins.Ignore || ld.Local && !ld.IsReplace
			return &loadData{LoadData: ld, ignore: ignore, targets: targets, fixed: fixed}, transform.NewTree, nil
		})
		if err != nil || same == transform.SameTree {
			return n, transform.SameTree, err
		}
		return ins.WithSource(src), transform.NewTree, nil
	})
}

// loadData is LOAD DATA's source of rows, read as MySQL reads the file.
type loadData struct {
	*plan.LoadData
	ignore bool // LOAD DATA … IGNORE or LOCAL: strict mode's errors are warnings
	// targets is the length of the statement's list of columns and user
	// variables, 0 for none (go-mysql-server's LoadData mixes the SET
	// columns into the list).
	targets int
	// fixed: fixed-width rows, FIELDS TERMINATED BY '' and ENCLOSED BY ''
	// (go-mysql-server's LoadData keeps its default terminator for '').
	fixed bool
}

// loadStatement returns the length of the column and variable list of the
// LOAD DATA statement ctx runs (0 if none) and whether it reads fixed-width
// rows (FIELDS TERMINATED BY an empty string, ENCLOSED BY none or empty): what
// go-mysql-server's LoadData does not keep.
func loadStatement(ctx *sql.Context) (targets int, fixed bool) {
	st, err := ast.Parse(ctx.Query())
	if err != nil {
		return 0, false
	}
	l, ok := st.(*ast.Load)
	if !ok {
		return 0, false
	}
	f := l.Fields
	fixed = f != nil && f.TerminatedBy != nil && len(f.TerminatedBy.Val) == 0 &&
		(f.EnclosedBy == nil || len(f.EnclosedBy.Delim.Val) == 0)
	return len(l.Columns), fixed
}

var _ sql.ExecSourceRel = (*loadData)(nil)

// WithChildren implements sql.Node.
func (l *loadData) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(l, len(children), 0)
	}
	return l, nil
}

// RowIter implements sql.ExecSourceRel: the rows of the file, each of
// len(DestSch) values in the order of the statement's columns.
func (l *loadData) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	cs, err := fileCharset(l.Charset) // compat_load_data_charset.go
	if err != nil {
		return nil, err
	}
	r, err := l.open(ctx)
	if err != nil {
		return nil, err
	}
	it := &loadDataIter{ld: binaryVariables(l.LoadData, cs), closer: r, strict: strictMode(ctx) && !l.ignore, targets: l.targets, charset: cs}
	it.mapFields()
	br := bufio.NewReaderSize(r, 1<<16)
	if !l.fixed {
		fr := newFieldReader(br, l.LoadData)
		fr.fields = it.targets
		it.rd = fr
		return it, nil
	}
	widths := make([]int, it.targets)
	for f := range widths {
		if f < len(l.UserVars) && l.UserVars[f] != nil {
			r.Close()
			return nil, mysql.NewSQLError(erLoadFromFixedSizeRowsToVar, "HY000", "Can't load value from file with fixed size rows to variable")
		}
		widths[f] = fixedWidthOf(l.DestSch[it.fieldCol[f]].Type)
	}
	it.rd = newFixedReader(br, l.LoadData, widths)
	it.fixed = true
	return it, nil
}

// open opens the file: from the client for LOCAL (local_infile must be
// 1), else from the server's file system under secure_file_priv.
func (l *loadData) open(ctx *sql.Context) (io.ReadCloser, error) {
	if l.Local {
		_, v, ok := sql.SystemVariables.GetGlobal("local_infile")
		if !ok || fmt.Sprint(v) == "0" {
			return nil, fmt.Errorf("local_infile needs to be set to 1 to use LOCAL")
		}
		return ctx.LoadInfile(l.File)
	}
	_, dir, _ := sql.SystemVariables.GetGlobal("secure_file_priv")
	if d, _ := dir.(string); d != "" {
		abs, err := filepath.Abs(l.File)
		if err != nil {
			return nil, sql.ErrLoadDataCannotOpen.New(err.Error())
		}
		da, _ := filepath.Abs(d)
		if abs != da && !strings.HasPrefix(abs, strings.TrimSuffix(da, string(filepath.Separator))+string(filepath.Separator)) {
			return nil, sql.ErrLoadDataCannotOpen.New(sql.ErrSecureFilePriv.New().Error())
		}
	}
	f, err := os.Open(l.File)
	if err != nil {
		return nil, sql.ErrLoadDataCannotOpen.New(err.Error())
	}
	return f, nil
}

// loadDataIter turns the file's records into rows.
type loadDataIter struct {
	ld      *plan.LoadData
	closer  io.Closer
	rd      recordReader
	skipped bool
	// fieldCol maps each field to the ordinal of its column in DestSch, or
	// -1 for a field read into a user variable.
	fieldCol []int
	// targets is the number of fields a record should have: the columns
	// and user variables of the statement's list, else the table's columns.
	targets int
	fixed   bool // fixed-width rows: fields not enclosed, spaces around numbers dropped
	// charset is the file's CHARACTER SET (Unspecified for none): decode
	// converts each field from it.
	charset sql.CharacterSetID
	decoder *encoding.Decoder // a singleByteCharsets decoder, made for the first field
	// strict: sql_mode is strict and the statement has no IGNORE, so a
	// record with too few or too many fields, or an empty field for a
	// number, is an error (else a warning).
	strict bool
	row    int // the number of the record being read, from 1 after IGNORE n LINES
	// fields holds, per column of DestSch, the expression of its field
	// (a loadField, in an inRange for an integer column), made for the
	// first record and given each record's field after it (fieldValue);
	// reuse is set when that is safe: no SET (destRow reads the literals)
	// and no two fields for one column.
	fields     []sql.Expression
	fieldTexts []*loadField
	reuse      bool
}

// loadField is a field of the record being read, as a text literal whose
// value fieldValue sets for each record.
type loadField struct {
	*expression.Literal // '' LONGTEXT: the type and the other methods
	v                   string
}

// Eval implements sql.Expression.
func (f *loadField) Eval(*sql.Context, sql.Row) (any, error) { return f.v, nil }

// fieldValue returns the expression of field text v for column c: the
// column's reused expression (fields) when reuse allows, else a new one.
// Next evaluates a record's expressions before it reads the next record.
func (it *loadDataIter) fieldValue(v string, c int) sql.Expression {
	if !it.reuse || c < 0 || c >= len(it.ld.DestSch) {
		return it.inRange(expression.NewLiteral(v, types.LongText), c)
	}
	if it.fields == nil {
		it.fields = make([]sql.Expression, len(it.ld.DestSch))
		it.fieldTexts = make([]*loadField, len(it.ld.DestSch))
	}
	f := it.fieldTexts[c]
	if f == nil {
		f = &loadField{Literal: expression.NewLiteral("", types.LongText)}
		it.fieldTexts[c] = f
		it.fields[c] = it.inRange(f, c)
	}
	f.v = v
	switch r := it.fields[c].(type) { // the messages' row number
	case *inRange:
		r.row = int64(it.row)
	case *inDecimal:
		r.row = int64(it.row)
	case *fitString:
		r.row = int64(it.row)
	case *loadTemporal:
		r.row = int64(it.row)
	}
	return it.fields[c]
}

// mapFields computes fieldCol from the column list and user variables.
func (it *loadDataIter) mapFields() {
	sch := it.ld.DestSch
	names := it.ld.ColNames
	if len(names) == 0 {
		for _, c := range sch {
			names = append(names, c.Name)
		}
	}
	it.fieldCol = make([]int, len(it.ld.UserVars))
	if it.targets == 0 {
		it.targets = len(sch)
	}
	for f, c := 0, 0; f < len(it.ld.UserVars) && c < len(names); f++ {
		if it.ld.UserVars[f] != nil {
			it.fieldCol[f] = -1
			continue
		}
		it.fieldCol[f] = sch.IndexOf(names[c], sch[0].Source)
		c++
	}
	seen := map[int]bool{}
	it.reuse = len(it.ld.SetExprs) == 0
	for _, c := range it.fieldCol {
		if c >= 0 {
			it.reuse = it.reuse && !seen[c]
			seen[c] = true
		}
	}
}

// Next implements sql.RowIter.
func (it *loadDataIter) Next(ctx *sql.Context) (sql.Row, error) {
	if !it.skipped {
		it.skipped = true
		for i := int64(0); i < it.ld.IgnoreNum; i++ {
			if err := it.rd.skipLine(); err != nil {
				return nil, err
			}
		}
	}
	{
		fields, err := it.rd.record()
		if err != nil {
			return nil, err
		}
		it.row++
		// A blank line is a record of one empty field, as in MySQL.
		if err := it.checkCount(ctx, len(fields)); err != nil {
			return nil, err
		}
		exprs, err := it.exprs(ctx, fields)
		if err != nil {
			return nil, err
		}
		row := make(sql.Row, len(exprs))
		var later []int
		for i, e := range exprs {
			if e == nil {
				continue
			}
			if d, ok := e.(*sql.ColumnDefaultValue); ok && !d.IsLiteral() {
				later = append(later, i) // may read other columns
				continue
			}
			if row[i], err = e.Eval(ctx, row); err != nil {
				return nil, err
			}
		}
		for _, i := range later {
			if row[i], err = exprs[i].Eval(ctx, row); err != nil {
				return nil, err
			}
		}
		return row, nil
	}
}

// MySQL's numbers for a record with too few or too many fields
// (ER_WARN_TOO_FEW_RECORDS, ER_WARN_TOO_MANY_RECORDS), which vitess does
// not name.
const (
	erWarnTooFewRecords  = 1261
	erWarnTooManyRecords = 1262
)

// checkCount reports a record of n fields that does not have one per
// target, as MariaDB does: error 1261 (too few) or 1262 (too many) in
// strict mode, else the same as a warning, 1261 once per missing column
// (the missing columns get missingValue, missing variables NULL, extra
// fields are dropped).
func (it *loadDataIter) checkCount(ctx *sql.Context, n int) error {
	code, msg, times := 0, "", 1
	switch {
	case n < it.targets:
		times = 0
		for f := n; f < it.targets; f++ {
			if f >= len(it.ld.UserVars) || it.ld.UserVars[f] == nil {
				times++
			}
		}
		code, msg = erWarnTooFewRecords, fmt.Sprintf("Row %d doesn't contain data for all columns", it.row)
	case n > it.targets:
		code, msg = erWarnTooManyRecords, fmt.Sprintf("Row %d was truncated; it contained more data than there were input columns", it.row)
	}
	if times == 0 || code == 0 {
		return nil
	}
	if it.strict {
		return mysql.NewSQLError(code, "01000", "%s", msg)
	}
	for range times {
		ctx.Warn(code, "%s", msg)
	}
	return nil
}

// missingValue is what MariaDB stores for a column whose field a record
// lacks (checked against MariaDB 10.11): NULL if the column's default is
// NULL, else the zero value of its type (not its default); always the zero
// value in a fixed-width row.
func missingValue(col *sql.Column, fixed bool) sql.Expression {
	if !fixed && (col.Default == nil && col.Nullable || col.Default != nil && col.Default.IsLiteral() && isNullLiteral(col.Default)) {
		return expression.NewLiteral(nil, types.Null)
	}
	return expression.NewLiteral(col.Type.Zero(), col.Type)
}

// MySQL's ER_WARN_NULL_TO_NOTNULL, which vitess does not name.
const erWarnNullToNotNull = 1263

// nullFor is the value of a NULL field (set false) or SET expression (set
// true) for column c of DestSch, as MySQL's LOAD DATA stores it: NULL for
// a nullable or AUTO_INCREMENT column (or a variable, c -1); for another
// column, in strict mode the error 1263 "NULL supplied to NOT NULL column"
// (a field) or 1048 "cannot be null" (SET), else the column's zero with
// that as a warning (checked against MariaDB 10.11). Regression:
// go-mysql-server's "non-nullable but attempted to set a value of null"
// refused the statement outside strict mode.
func (it *loadDataIter) nullFor(ctx *sql.Context, c int, set bool) (sql.Expression, error) {
	null := expression.NewLiteral(nil, types.Null)
	if c < 0 || c >= len(it.ld.DestSch) {
		return null, nil
	}
	col := it.ld.DestSch[c]
	if col.Nullable || col.AutoIncrement {
		return null, nil
	}
	code, state, msg := erWarnNullToNotNull, "22004", fmt.Sprintf("Column set to default value; NULL supplied to NOT NULL column '%s' at row %d", col.Name, it.row)
	if set {
		code, state, msg = mysql.ERBadNullError, mysql.SSConstraintViolation, fmt.Sprintf("Column '%s' cannot be null", col.Name)
	}
	if it.strict {
		return nil, mysql.NewSQLError(code, state, "%s", msg)
	}
	ctx.Warn(code, "%s", msg)
	return expression.NewLiteral(col.Type.Zero(), col.Type), nil
}

func isNullLiteral(d *sql.ColumnDefaultValue) bool {
	lit, ok := d.Expr.(*expression.Literal)
	return ok && lit.Value() == nil
}

// exprs returns the values of one record's columns, in the statement's
// column order: the fields (user variables set), then the SET
// expressions, then the defaults of the columns no field gave.
func (it *loadDataIter) exprs(ctx *sql.Context, fields []*string) ([]sql.Expression, error) {
	sch := it.ld.DestSch
	fieldRow := make(sql.Row, len(fields))
	for i, f := range fields {
		if f != nil {
			fieldRow[i] = *f
		}
	}
	exprs := make([]sql.Expression, len(sch))
	e := 0
	for f := 0; f < len(fields) && f < it.targets && f < len(it.ld.UserVars); f++ {
		if uv := it.ld.UserVars[f]; uv != nil {
			if s, ok := fieldRow[f].(string); ok {
				fieldRow[f], _ = it.decode(ctx, nil, s) // a variable's is no error
			}
			sf := uv.(*expression.SetField)
			v, err := sf.RightChild.Eval(ctx, fieldRow)
			if err != nil {
				return nil, err
			}
			name := sf.LeftChild.(*expression.UserVar).Name
			typ := types.ApproximateTypeFromValue(v)
			if s, ok := v.(string); ok && it.charset == sql.CharacterSet_binary {
				v, typ = []byte(s), types.LongBlob // binaryVariables
			}
			if err := ctx.SetUserVariable(ctx, name, v, typ); err != nil {
				return nil, err
			}
			continue
		}
		if e >= len(exprs) {
			continue
		}
		if it.fixed && fields[f] != nil {
			if _, ok := sch[it.fieldCol[f]].Type.(sql.StringType); !ok {
				v := strings.Trim(*fields[f], " ")
				fields[f] = &v
			}
		}
		switch {
		case fields[f] == nil:
			v, err := it.nullFor(ctx, it.fieldCol[f], false)
			if err != nil {
				return nil, err
			}
			exprs[e] = v
		case *fields[f] == "":
			col := sch[it.fieldCol[f]]
			if _, ok := col.Type.(sql.StringType); ok {
				exprs[e] = expression.NewLiteral("", types.LongText)
			} else if types.IsNumber(col.Type) { // compat_load_data_empty.go
				exprs[e] = it.emptyNumber(col)
			} else if loadTemporalKind(col) != "" { // compat_load_data_empty.go
				exprs[e] = it.inRange(expression.NewLiteral("", types.LongText), it.fieldCol[f])
			} else if col.Default != nil {
				exprs[e] = col.Default
			} else {
				exprs[e] = expression.NewLiteral(nil, types.Null)
			}
		default:
			v := *fields[f]
			if c := it.fieldCol[f]; c >= 0 && c < len(sch) {
				var err error
				if v, err = it.decode(ctx, sch[c], v); err != nil {
					return nil, err
				}
				if v, err = it.badUTF8(ctx, sch[c], v); err != nil {
					return nil, err
				}
			}
			exprs[e] = it.fieldValue(v, it.fieldCol[f])
		}
		e++
	}
	// The targets the record has no field for (checkCount warned): user
	// variables become NULL, columns missingValue.
	for f := len(fields); f < it.targets && f < len(it.ld.UserVars); f++ {
		if uv := it.ld.UserVars[f]; uv != nil {
			name := uv.(*expression.SetField).LeftChild.(*expression.UserVar).Name
			if err := ctx.SetUserVariable(ctx, name, nil, types.Null); err != nil {
				return nil, err
			}
			continue
		}
		if e < len(exprs) {
			// Regression: sch[e], the table's column at the list's
			// place, so (id, @x, w) SET v = … gave w v's zero, '0'.
			exprs[e] = missingValue(sch[it.fieldCol[f]], it.fixed)
			e++
		}
	}
	destRow := it.destRow(ctx, exprs)
	for f, e := 0, 0; len(it.ld.SetExprs) > 0 && f < len(it.fieldCol) && e < len(exprs); f++ {
		c := it.fieldCol[f]
		if c == -1 {
			continue
		}
		if set := it.ld.SetExprs[c]; set != nil {
			// A hexadecimal literal is its number for a numeric column, as
			// in INSERT … VALUES (compat_hex_values.go; SET u = 0x35 stored 5).
			set = hexNumber(set, sch[c])
			v, err := set.Eval(ctx, destRow)
			if err != nil {
				return nil, err
			}
			if v, err = it.badSetUTF8(ctx, sch[c], v); err != nil {
				return nil, err
			}
			if v == nil {
				null, err := it.nullFor(ctx, c, true)
				if err != nil {
					return nil, err
				}
				if lit, ok := null.(*expression.Literal); ok && lit.Value() != nil {
					exprs[e] = null
					destRow[c] = lit.Value()
					e++
					continue
				}
			}
			// A later SET reads this column's new value, as in MySQL
			// (SET id = id + 1, b = CONCAT(@y, id)).
			destRow[c] = v
			if conv, _, err := sch[c].Type.Convert(ctx, v); err == nil && v != nil {
				destRow[c] = conv
			}
			exprs[e] = it.inRange(expression.NewLiteral(v, set.Type()), c)
		}
		e++
	}
	if len(it.ld.ColNames) == 0 {
		for i, e := range exprs {
			if e != nil {
				continue
			}
			col := sch[i]
			if !col.Nullable && col.Default == nil && !col.AutoIncrement {
				return nil, sql.ErrInsertIntoNonNullableDefaultNullColumn.New(col.Name)
			}
			exprs[i] = col.Default
		}
	}
	return exprs, nil
}

// inRange returns value e of a field or SET expression for column c of
// DestSch checked as MySQL checks what it stores there: for an integer
// column against its range (compat_integer_range.go; beyond it, error 1264
// in strict mode, else the nearest end of the range with warning 1264),
// for a DECIMAL column by inDecimal, for a CHAR, VARCHAR, BINARY or
// VARBINARY column by fitString (a text too long: error 1406 "Data too
// long for column 'a' at row 1" in strict mode, else cut with warning
// 1265). Regressions: LOAD DATA … IGNORE (and LOCAL) stored
// 18446744073709551616 into BIGINT UNSIGNED as 0 and 9223372036854775808
// into BIGINT as -9223372036854775808, with note 1366, and without IGNORE
// the error was 1366, not 1264; a text too long was go-mysql-server's 1406
// naming the column's type ('char(3) COLLATE …'), a warning outside
// strict mode.
func (it *loadDataIter) inRange(e sql.Expression, c int) sql.Expression {
	if c < 0 || c >= len(it.ld.DestSch) {
		return e
	}
	if col := it.ld.DestSch[c]; isIntegerColumn(col) {
		return newInRange(e, col, !it.strict, int64(it.row))
	} else if isDecimalColumn(col) { // compat_decimal_range.go
		return newInDecimal(e, col, !it.strict, int64(it.row))
	} else if fitsStrings(col) && (e.Type() == nil || types.IsText(e.Type())) { // compat_non_strict_values.go
		return &fitString{columnValue{Expression: e, col: col, ignore: !it.strict, row: int64(it.row)}}
	} else if loadTemporalKind(col) != "" && (e.Type() == nil || types.IsText(e.Type())) { // compat_load_data_empty.go
		return &loadTemporal{columnValue{Expression: e, col: col, ignore: !it.strict, row: int64(it.row)}}
	}
	return e
}

// destRow returns the row, in the table's column order, that the SET
// expressions read (go-mysql-server resolves their columns over DestSch):
// each column the record gave a field, with that field's value in the
// column's type, as MySQL stores the fields before it evaluates SET;
// the other columns NULL. Regression: SET read the record's fields by
// their ordinals in the table, so SET a = UPPER(b) failed with "unable to
// find field with index 2" and (id, @y) SET id = id + 5000 read the wrong
// field. The SET expressions then run in the order of their columns in
// the statement's list (the SET-only columns after it, in SET order),
// each seeing the values of those before it. nil without SET.
func (it *loadDataIter) destRow(ctx *sql.Context, exprs []sql.Expression) sql.Row {
	if len(it.ld.SetExprs) == 0 {
		return nil
	}
	sch := it.ld.DestSch
	row := make(sql.Row, len(sch))
	for f, e := 0, 0; f < len(it.fieldCol) && e < len(exprs); f++ {
		c := it.fieldCol[f]
		if c == -1 {
			continue
		}
		x := exprs[e]
		switch r := x.(type) {
		case *inRange:
			x = r.Expression
		case *inDecimal:
			x = r.Expression
		case *fitString:
			x = r.Expression
		case *loadTemporal:
			x = r.Expression
		case *loadEmptyNumber:
			x = expression.NewLiteral(r.col.Type.Zero(), r.col.Type)
		}
		if lit, ok := x.(*expression.Literal); ok && lit.Value() != nil && c >= 0 && c < len(sch) {
			v := lit.Value()
			if conv, _, err := sch[c].Type.Convert(ctx, v); err == nil {
				v = conv
			}
			row[c] = v
		}
		e++
	}
	return row
}

// Close implements sql.RowIter.
func (it *loadDataIter) Close(*sql.Context) error { return it.closer.Close() }

// recordReader reads the records of a LOAD DATA file.
type recordReader interface {
	// record returns the fields of the next record (nil for NULL), or
	// io.EOF.
	record() ([]*string, error)
	// skipLine skips a line, for IGNORE n LINES.
	skipLine() error
}

// fieldReader reads the records of a LOAD DATA file as MySQL does.
type fieldReader struct {
	r                        *bufio.Reader
	fieldTerm, lineTerm, pre []byte
	quote, esc               int // the ENCLOSED BY and ESCAPED BY bytes; -1 for none
	eof                      bool
	// fields is the number of fields a record is read for (the
	// statement's targets); the rest of its line is skipped (restOfLine).
	fields  int
	buf     bytes.Buffer
	special [256]bool // bytes that may end an unenclosed run: the escape, the terminators' first bytes
	// A record's fields, reused for the next record (keep): their bytes end
	// to end in recBytes, made one string when the record ends (fill), and
	// each field a pointer into vals set to its part of it.
	rec      []*string
	vals     []string
	ptrs     []*string
	spans    [][2]int
	recBytes []byte
}

// keep returns the field of bytes b (copied) of the record being read;
// its string is set when the record ends (fill).
func (fr *fieldReader) keep(b []byte) *string {
	if len(fr.vals) == cap(fr.vals) {
		// A new array: the pointers into the old one stay valid.
		fr.vals = make([]string, 0, max(8, 2*cap(fr.vals)))
	}
	fr.vals = fr.vals[:len(fr.vals)+1]
	p := &fr.vals[len(fr.vals)-1]
	fr.ptrs = append(fr.ptrs, p)
	fr.spans = append(fr.spans, [2]int{len(fr.recBytes), len(fr.recBytes) + len(b)})
	fr.recBytes = append(fr.recBytes, b...)
	return p
}

// fill sets the strings of the record's fields, from one string of their
// bytes.
func (fr *fieldReader) fill() {
	all := string(fr.recBytes)
	for k, p := range fr.ptrs {
		*p = all[fr.spans[k][0]:fr.spans[k][1]]
	}
}

func newFieldReader(r *bufio.Reader, ld *plan.LoadData) *fieldReader {
	fr := &fieldReader{r: r, fieldTerm: []byte(ld.FieldsTerminatedBy), lineTerm: []byte(ld.LinesTerminatedBy),
		pre: []byte(ld.LinesStartingBy), quote: -1, esc: -1}
	if ld.FieldsEnclosedBy != "" {
		fr.quote = int(ld.FieldsEnclosedBy[0])
	}
	if ld.FieldsEscapedBy != "" {
		fr.esc = int(ld.FieldsEscapedBy[0])
		fr.special[fr.esc] = true
	}
	fr.special[fr.fieldTerm[0]] = true
	fr.special[fr.lineTerm[0]] = true
	return fr
}

// plainRun copies the buffered bytes up to the next special byte into
// fr.buf, and reports whether it copied any.
func (fr *fieldReader) plainRun() bool {
	n := fr.r.Buffered()
	if n == 0 {
		return false
	}
	p, _ := fr.r.Peek(n)
	k := 0
	for k < len(p) && !fr.special[p[k]] {
		k++
	}
	if k == 0 {
		return false
	}
	fr.buf.Write(p[:k])
	_, _ = fr.r.Discard(k)
	return true
}

// unescape is what the escape character followed by c stands for.
func unescape(c byte) byte {
	switch c {
	case '0':
		return 0
	case 'b':
		return '\b'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'Z':
		return 0x1a
	}
	return c
}

// ends reports whether byte c, just read, begins terminator s, consuming
// the rest of s if so.
func (fr *fieldReader) ends(c byte, s []byte) (bool, error) {
	if len(s) == 0 || c != s[0] {
		return false, nil
	}
	if len(s) == 1 {
		return true, nil
	}
	p, err := fr.r.Peek(len(s) - 1)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return false, err
	}
	if bytes.Equal(p, s[1:]) {
		_, _ = fr.r.Discard(len(s) - 1)
		return true, nil
	}
	return false, nil
}

// at reports whether the input continues with s, consuming it if so.
func (fr *fieldReader) at(s []byte) (bool, error) {
	p, err := fr.r.Peek(1)
	if len(p) == 0 {
		if err == io.EOF {
			err = nil
		}
		return false, err
	}
	if p[0] != s[0] {
		return false, nil
	}
	_, _ = fr.r.Discard(1)
	ok, err := fr.ends(s[0], s)
	if err == nil && !ok {
		err = fr.r.UnreadByte()
	}
	return ok, err
}

// next returns the next byte, or ok false at the end of the input.
func (fr *fieldReader) next() (byte, bool, error) {
	c, err := fr.r.ReadByte()
	if err == io.EOF {
		fr.eof = true
		return 0, false, nil
	}
	return c, err == nil, err
}

// skipLine implements recordReader: up to and past the next line
// terminator, as MySQL's READ_INFO::next_line skips a line for IGNORE n
// LINES: an escaped byte is skipped with its escape, but neither LINES
// STARTING BY nor ENCLOSED BY counts, so a line without the prefix is one
// of the n (skipping a record, as before, skipped up to the n-th prefix
// and lost the records of the lines between).
func (fr *fieldReader) skipLine() error {
	_, err := fr.restOfLine()
	return err
}

// restOfLine skips up to and past the next line terminator as skipLine
// does, and reports whether anything came before it (MySQL's line_cuted).
func (fr *fieldReader) restOfLine() (cut bool, err error) {
	for ; ; cut = true {
		c, ok, err := fr.next()
		if err != nil || !ok {
			return cut, err
		}
		if fr.esc >= 0 && int(c) == fr.esc {
			if _, ok, err := fr.next(); err != nil || !ok {
				return true, err
			}
			continue
		}
		if end, err := fr.ends(c, fr.lineTerm); err != nil || end {
			return cut, err
		}
	}
}

// record implements recordReader.
// The fields are valid until the next call.
func (fr *fieldReader) record() ([]*string, error) {
	fr.vals, fr.ptrs, fr.spans, fr.recBytes = fr.vals[:0], fr.ptrs[:0], fr.spans[:0], fr.recBytes[:0]
	fields, err := fr.readRecord()
	fr.fill()
	if fields != nil {
		fr.rec = fields
	}
	return fields, err
}

func (fr *fieldReader) readRecord() ([]*string, error) {
	if fr.eof {
		return nil, io.EOF
	}
	if len(fr.pre) > 0 { // skip up to the prefix
		matched := 0
		for matched < len(fr.pre) {
			c, ok, err := fr.next()
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, io.EOF
			}
			if c == fr.pre[matched] {
				matched++
			} else if c == fr.pre[0] {
				matched = 1
			} else {
				matched = 0
			}
		}
	} else if _, err := fr.r.Peek(1); err == io.EOF {
		fr.eof = true
		return nil, io.EOF
	}
	fields := fr.rec[:0]
	for {
		v, more, err := fr.field()
		if err != nil {
			return nil, err
		}
		fields = append(fields, v)
		if !more {
			return fields, nil
		}
		if len(fields) == fr.fields {
			// As MySQL's read_sep_field: the rest of the line is skipped
			// whatever its quotes (READ_INFO::next_line), so a CRLF file
			// read with LINES TERMINATED BY '\n' loses no records; a
			// record cut so has one more (NULL) field, for checkCount.
			cut, err := fr.restOfLine()
			if cut {
				fields = append(fields, nil)
			}
			return fields, err
		}
	}
}

// field reads one field; more is false when the record ended with it.
func (fr *fieldReader) field() (v *string, more bool, err error) {
	fr.buf.Reset()
	if fr.quote >= 0 {
		if p, _ := fr.r.Peek(1); len(p) == 1 && int(p[0]) == fr.quote {
			_, _ = fr.r.Discard(1)
			return fr.enclosed()
		}
	}
	escapedN := false
	for n := 0; ; n++ {
		if fr.plainRun() {
			continue
		}
		c, ok, err := fr.next()
		if err != nil {
			return nil, false, err
		}
		if !ok {
			return fr.unenclosedValue(escapedN, n), false, nil
		}
		if int(c) == fr.esc {
			d, ok, err := fr.next()
			if err != nil {
				return nil, false, err
			}
			if !ok {
				fr.buf.WriteByte(c)
				continue
			}
			if fr.esc != fr.quote || int(d) == fr.esc {
				escapedN = n == 0 && d == 'N'
				fr.buf.WriteByte(unescape(d))
				continue
			}
			// The quote as the escape, not doubled: itself, and d is
			// read again.
			if err := fr.r.UnreadByte(); err != nil {
				return nil, false, err
			}
		}
		if end, err := fr.ends(c, fr.fieldTerm); err != nil || end {
			return fr.unenclosedValue(escapedN, n), end, err
		}
		if end, err := fr.ends(c, fr.lineTerm); err != nil || end {
			return fr.unenclosedValue(escapedN, n), false, err
		}
		fr.buf.WriteByte(c)
	}
}

// unenclosedValue is the value of an unenclosed field of fr.buf read from
// n input steps: NULL for \N alone, and for the word NULL when fields may
// be enclosed.
func (fr *fieldReader) unenclosedValue(escapedN bool, n int) *string {
	b := fr.buf.Bytes()
	if escapedN && string(b) == "N" && n == 1 || fr.quote >= 0 && string(b) == "NULL" {
		return nil
	}
	return fr.keep(b)
}

// enclosed reads the rest of a field after its opening quote. A doubled
// quote is one (so is the quote as the escape character, doubled: MySQL's
// read_field reads ENCLOSED BY '"' ESCAPED BY '"' as SQL reads quotes,
// with no other escapes). An escaped N alone is NULL, as unenclosed
// (read_sep_field's found_null).
func (fr *fieldReader) enclosed() (*string, bool, error) {
	escapedN := false
	value := func() *string {
		if escapedN && fr.buf.Len() == 1 {
			return nil
		}
		return fr.keep(fr.buf.Bytes())
	}
	for n := 0; ; n++ {
		c, ok, err := fr.next()
		if err != nil {
			return nil, false, err
		}
		if !ok { // unterminated: the field runs to the end of the input, opening quote included
			return fr.keep(append([]byte{byte(fr.quote)}, fr.buf.Bytes()...)), false, nil
		}
		switch {
		case int(c) == fr.esc && fr.esc != fr.quote:
			d, ok, err := fr.next()
			if err != nil {
				return nil, false, err
			}
			if ok {
				escapedN = n == 0 && d == 'N'
				fr.buf.WriteByte(unescape(d))
			} else {
				fr.buf.WriteByte(c)
			}
		case int(c) == fr.quote:
			if p, _ := fr.r.Peek(1); len(p) == 1 && int(p[0]) == fr.quote {
				_, _ = fr.r.Discard(1)
				fr.buf.WriteByte(c) // a doubled quote
				continue
			}
			if ok, err := fr.at(fr.fieldTerm); err != nil || ok {
				return value(), ok, err
			}
			if ok, err := fr.at(fr.lineTerm); err != nil || ok {
				return value(), false, err
			}
			if _, err := fr.r.Peek(1); err == io.EOF {
				fr.eof = true
				return value(), false, nil
			}
			fr.buf.WriteByte(c) // a quote inside the field
		default:
			fr.buf.WriteByte(c)
		}
	}
}

// erLoadFromFixedSizeRowsToVar is ER_LOAD_FROM_FIXED_SIZE_ROWS_TO_VAR,
// which vitess does not name.
const erLoadFromFixedSizeRowsToVar = 1409

// fixedWidthOf is the width in bytes of a column of type t in a
// fixed-width row: MariaDB 10.11's field length (checked by loading the
// same files): 4, 6, 9, 11 and 20 for TINYINT, SMALLINT, MEDIUMINT, INT and
// BIGINT (3, 5, 8, 10 and 20 unsigned; MySQL 8's manual gives MEDIUMINT
// 8), DECIMAL(M,D) M plus a point and a sign, FLOAT 12, DOUBLE 22, DATE 10,
// DATETIME and TIMESTAMP 19 plus the fraction, TIME 10, YEAR 4, BIT(n) n,
// a string its maximum length in bytes (characters × the character set's
// longest character), ENUM its longest value.
func fixedWidthOf(t sql.Type) int {
	switch {
	case types.IsInteger(t):
		n := t.(sql.NumberType)
		unsigned := types.IsUnsigned(t)
		switch n.Type() {
		case types.Int8.Type(), types.Uint8.Type():
			return pick(unsigned, 3, 4)
		case types.Int16.Type(), types.Uint16.Type():
			return pick(unsigned, 5, 6)
		case types.Int24.Type(), types.Uint24.Type():
			return pick(unsigned, 8, 9)
		case types.Int32.Type(), types.Uint32.Type():
			return pick(unsigned, 10, 11)
		}
		return 20
	case types.IsDecimal(t):
		d := t.(sql.DecimalType)
		w := int(d.Precision()) + 1 // the sign
		if d.Scale() > 0 {
			w++
		}
		return w
	case types.IsFloat(t):
		if t.Type() == types.Float32.Type() {
			return 12
		}
		return 22
	case types.IsYear(t):
		return 4
	case types.IsTime(t):
		if t.Type() == types.Date.Type() {
			return 10
		}
		w := 19
		if p := t.(sql.DatetimeType).Precision(); p > 0 {
			w += 1 + p
		}
		return w
	case types.IsTimespan(t):
		return 10
	case types.IsBit(t):
		return int(t.(types.BitType).NumberOfBits())
	case types.IsEnum(t):
		w := 0
		for _, v := range t.(sql.EnumType).Values() {
			w = max(w, len(v))
		}
		return w
	case types.IsSet(t):
		w := 0
		for _, v := range t.(sql.SetType).Values() {
			w += len(v) + 1
		}
		return max(w-1, 0)
	}
	if st, ok := t.(sql.StringType); ok {
		return int(st.MaxByteLength())
	}
	return math.MaxUint32 // JSON and the rest: LONGTEXT's
}

func pick(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}

// fixedReader reads fixed-width rows as MySQL's READ_INFO does: after the
// LINES STARTING BY prefix, a record is the next sum-of-widths bytes, or
// fewer up to the line terminator (escapes interpreted, each one byte);
// the rest of a longer line is skipped (reported as an extra field); the
// record is cut into the fields' widths, and a short record lacks the
// fields it does not reach.
type fixedReader struct {
	r          *bufio.Reader
	lineTerm   []byte
	pre        []byte
	esc        int
	widths     []int
	total      int
	eof        bool
	buf        []byte
	prefixSeen bool
}

func newFixedReader(r *bufio.Reader, ld *plan.LoadData, widths []int) *fixedReader {
	fr := &fixedReader{r: r, lineTerm: []byte(ld.LinesTerminatedBy), pre: []byte(ld.LinesStartingBy), esc: -1, widths: widths}
	if ld.FieldsEscapedBy != "" {
		fr.esc = int(ld.FieldsEscapedBy[0])
	}
	for _, w := range widths {
		fr.total += w
	}
	return fr
}

// atTerm reports whether the input continues with the line terminator
// after c, just read, consuming it if so.
func (fr *fixedReader) atTerm(c byte) (bool, error) {
	t := fr.lineTerm
	if len(t) == 0 || c != t[0] {
		return false, nil
	}
	if len(t) > 1 {
		p, err := fr.r.Peek(len(t) - 1)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return false, err
		}
		if !bytes.Equal(p, t[1:]) {
			return false, nil
		}
		_, _ = fr.r.Discard(len(t) - 1)
	}
	return true, nil
}

// skipLine implements recordReader: up to and past the line terminator.
func (fr *fixedReader) skipLine() error {
	if len(fr.lineTerm) == 0 {
		_, err := fr.record()
		return err
	}
	for {
		c, err := fr.r.ReadByte()
		if err == io.EOF {
			fr.eof = true
			return nil
		}
		if err != nil {
			return err
		}
		if end, err := fr.atTerm(c); err != nil || end {
			return err
		}
	}
}

// skipPrefix reads up to and past LINES STARTING BY; false at the end of
// the input.
func (fr *fixedReader) skipPrefix() (bool, error) {
	matched := 0
	for matched < len(fr.pre) {
		c, err := fr.r.ReadByte()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		switch {
		case c == fr.pre[matched]:
			matched++
		case c == fr.pre[0]:
			matched = 1
		default:
			matched = 0
		}
	}
	return true, nil
}

// record implements recordReader.
func (fr *fixedReader) record() ([]*string, error) {
	if fr.eof {
		return nil, io.EOF
	}
	if ok, err := fr.skipPrefix(); err != nil || !ok {
		fr.eof = true
		if err == nil {
			err = io.EOF
		}
		return nil, err
	}
	fr.buf = fr.buf[:0]
	ended := false // by the line terminator
	for len(fr.buf) < fr.total {
		c, err := fr.r.ReadByte()
		if err == io.EOF {
			fr.eof = true
			if len(fr.buf) == 0 {
				return nil, io.EOF
			}
			ended = true
			break
		}
		if err != nil {
			return nil, err
		}
		if int(c) == fr.esc {
			d, err := fr.r.ReadByte()
			if err == io.EOF {
				fr.buf = append(fr.buf, c)
				continue
			}
			if err != nil {
				return nil, err
			}
			fr.buf = append(fr.buf, unescape(d))
			continue
		}
		if end, err := fr.atTerm(c); err != nil {
			return nil, err
		} else if end {
			ended = true
			break
		}
		fr.buf = append(fr.buf, c)
	}
	cut := false // the line held more than the record
	if !ended && len(fr.lineTerm) > 0 {
		for {
			c, err := fr.r.ReadByte()
			if err == io.EOF {
				fr.eof = true
				break
			}
			if err != nil {
				return nil, err
			}
			if end, err := fr.atTerm(c); err != nil {
				return nil, err
			} else if end {
				break
			}
			cut = true
		}
	}
	var fields []*string
	pos := 0
	for _, w := range fr.widths {
		if pos >= len(fr.buf) { // a short record (a blank line has no field)
			break
		}
		end := min(pos+w, len(fr.buf))
		v := string(fr.buf[pos:end])
		fields = append(fields, &v)
		pos = end
	}
	if cut {
		fields = append(fields, nil)
	}
	return fields, nil
}
