package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A record is one row read from an input: column names, their values
// (string, int64, uint64, bool or nil) and where it came from.
type record struct {
	cols []string
	vals []any
	file string
	line int // 1-based line where the record starts; 0 for a whole file
}

// An input is one FILE or DIR argument of simsql import.
type input struct {
	path string
	kind inputKind
}

type inputKind int

const (
	jsonlInput inputKind = iota
	csvInput
	dirInput
)

// classify decides how to read path from its type and extension.
func classify(path string) (input, error) {
	st, err := os.Stat(path)
	if err != nil {
		return input{}, err
	}
	if st.IsDir() {
		return input{path, dirInput}, nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".ndjson":
		return input{path, jsonlInput}, nil
	case ".csv":
		return input{path, csvInput}, nil
	}
	return input{}, fmt.Errorf("%s: unsupported file type (want .jsonl, .ndjson, .csv or a directory)", path)
}

// size returns the number of bytes read will consume, for the progress bar.
func (in input) size() (int64, error) {
	if in.kind != dirInput {
		st, err := os.Stat(in.path)
		if err != nil {
			return 0, err
		}
		return st.Size(), nil
	}
	var total int64
	err := walkDocs(in.path, func(path, rel string, info fs.FileInfo) error {
		total += info.Size()
		return nil
	}, nil)
	return total, err
}

// columns returns the column names the records of in carry, in order of
// first appearance. For JSONL it reads the whole file.
func (in input) columns() ([]string, error) {
	switch in.kind {
	case dirInput:
		return []string{"path", "body"}, nil
	case csvInput:
		// Read it all: a malformed row must fail before a table is created.
		if err := in.read(io.Discard, func(record) error { return nil }, nil); err != nil {
			return nil, err
		}
		f, err := os.Open(in.path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return readCSVHeader(in.path, csv.NewReader(skipBOM(f)))
	}
	var cols []string
	seen := map[string]bool{}
	err := in.read(io.Discard, func(r record) error {
		for _, c := range r.cols {
			if !seen[c] {
				seen[c] = true
				cols = append(cols, c)
			}
		}
		return nil
	}, nil)
	return cols, err
}

// read calls fn for every record of in, copying the bytes it reads to
// progress; skip is told of each file of a directory that is not imported,
// and why.
func (in input) read(progress io.Writer, fn func(record) error, skip func(path, why string)) error {
	if skip == nil {
		skip = func(string, string) {}
	}
	if in.kind == dirInput {
		return readDir(in.path, progress, fn, skip)
	}
	f, err := os.Open(in.path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := skipBOM(io.TeeReader(f, progress))
	if in.kind == csvInput {
		return readCSV(in.path, r, fn)
	}
	return readJSONL(in.path, r, fn)
}

// utf8BOM is the byte-order mark some editors (Windows Notepad, Excel's
// "CSV UTF-8") write at the start of a UTF-8 file.
const utf8BOM = "\uFEFF"

// skipBOM returns r without the UTF-8 byte-order mark it may start with.
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, 1<<20)
	if b, err := br.Peek(len(utf8BOM)); err == nil && string(b) == utf8BOM {
		br.Discard(len(utf8BOM))
	}
	return br
}

// readJSONL reads one JSON object per line; blank lines are skipped. Keys
// become columns in their order in the object. Strings, numbers, booleans
// and null map to SQL values; nested objects and arrays are kept as compact
// JSON text. A line that is not one whole JSON object is an error naming the
// file, the line and what is wrong with it.
func readJSONL(name string, r io.Reader, fn func(record) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if !utf8.Valid(line) {
				return fmt.Errorf("%s:%d: invalid UTF-8", name, lineNo)
			}
			cols, vals, perr := parseObject(bytes.TrimRight(line, "\r\n"))
			if perr != nil {
				return fmt.Errorf("%s:%d: %s", name, lineNo, describeJSONError(perr, line, err == io.EOF))
			}
			if err := fn(record{cols, vals, name, lineNo}); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, lineNo, err)
		}
	}
}

// truncatedError is parseObject's error for a line that ends before its
// JSON object is closed; where says where, as "in the value of key "a"".
type truncatedError struct{ where string }

func (e truncatedError) Error() string { return "the line ends " + e.where }

// describeJSONError says what is wrong with line, which parseObject refused
// with err; last is set when line is the end of the file without a newline.
func describeJSONError(err error, line []byte, last bool) string {
	var te truncatedError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		text := strings.TrimRight(string(line), "\r\n")
		msg := fmt.Sprintf("truncated line: the JSON object is not closed, %v (%s, ending %s)",
			te, plural(len(text), "byte"), tail(text, 30))
		if last {
			msg += "; it is the last line and has no newline: was the file cut short?"
		}
		return msg
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON (byte offset %d in the line): %v", se.Offset, se)
	}
	return err.Error()
}

// tail quotes the last n runes of s, with "…" before them when s is longer.
func tail(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return strconv.Quote(s)
	}
	return "…" + strconv.Quote(string(r[len(r)-n:]))
}

// parseObject decodes one JSON object, keeping the order of its keys. A
// line that ends inside the object gives a truncatedError.
func parseObject(line []byte) ([]string, []any, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	where := "in or before its first key"
	cut := func(err error) error {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return truncatedError{where}
		}
		return err
	}
	if tok, err := dec.Token(); err != nil {
		return nil, nil, err
	} else if tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("want a JSON object, got %v", tok)
	}
	var cols []string
	var vals []any
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, cut(err)
		}
		key := tok.(string)
		if key == "" {
			return nil, nil, errors.New("empty key")
		}
		if seen[strings.ToLower(key)] {
			return nil, nil, fmt.Errorf("duplicate key %q", key)
		}
		seen[strings.ToLower(key)] = true
		where = fmt.Sprintf("in the value of key %q", key)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, cut(err)
		}
		where = fmt.Sprintf("after the value of key %q, in or before the next key", key)
		v, err := jsonValue(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("key %q: %v", key, err)
		}
		cols = append(cols, key)
		vals = append(vals, v)
	}
	if len(cols) > 0 {
		where = fmt.Sprintf("after the value of key %q", cols[len(cols)-1])
	}
	if _, err := dec.Token(); err != nil { // the closing '}'
		return nil, nil, cut(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errors.New("text after the JSON object")
	}
	return cols, vals, nil
}

// jsonValue converts one JSON value to the value sent to the server.
// Integers that fit 64 bits are sent as integers; other numbers as their
// JSON text, which the server converts to the column type.
func jsonValue(raw json.RawMessage) (any, error) {
	switch raw[0] {
	case 'n':
		return nil, nil
	case 't', 'f':
		return raw[0] == 't', nil
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '{', '[':
		var buf bytes.Buffer
		err := json.Compact(&buf, raw)
		return buf.String(), err
	}
	n := json.Number(raw)
	if i, err := n.Int64(); err == nil {
		return i, nil
	}
	return n.String(), nil
}

// readCSVHeader reads the header row: the column names.
func readCSVHeader(name string, cr *csv.Reader) ([]string, error) {
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty CSV file: want a header row", name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	seen := map[string]bool{}
	for _, h := range header {
		if !utf8.ValidString(h) {
			return nil, fmt.Errorf("%s:1: invalid UTF-8", name)
		}
		if h == "" || seen[strings.ToLower(h)] {
			return nil, fmt.Errorf("%s:1: empty or duplicate column name %q in header", name, h)
		}
		seen[strings.ToLower(h)] = true
	}
	return header, nil
}

// readCSV reads a CSV file (RFC 4180, as encoding/csv) whose first row
// names the columns. Every field is sent as a string; empty fields are
// empty strings, not NULL.
func readCSV(name string, r io.Reader, fn func(record) error) error {
	cr := csv.NewReader(r)
	header, err := readCSVHeader(name, cr)
	if err != nil {
		return err
	}
	for {
		fields, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return csvError(name, err, len(fields), len(header))
		}
		line, _ := cr.FieldPos(0)
		vals := make([]any, len(fields))
		for i, f := range fields {
			if !utf8.ValidString(f) {
				l, _ := cr.FieldPos(i)
				return fmt.Errorf("%s:%d: invalid UTF-8 in column %q", name, l, header[i])
			}
			vals[i] = f
		}
		if err := fn(record{header, vals, name, line}); err != nil {
			return err
		}
	}
}

// csvError names the file and the line of the record that err (from
// csv.Reader.Read, which returned n fields) refuses, and says what is wrong;
// the header had want fields.
func csvError(name string, err error, n, want int) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", name, err)
	}
	switch {
	case errors.Is(pe.Err, csv.ErrFieldCount):
		return fmt.Errorf("%s:%d: %s, the header has %d", name, pe.StartLine, plural(n, "field"), want)
	case errors.Is(pe.Err, csv.ErrQuote):
		return fmt.Errorf("%s:%d: a quoted field is not closed, or has text after its closing quote "+
			"(line %d, column %d); one still open at the end of the file means the file was cut short",
			name, pe.StartLine, pe.Line, pe.Column)
	}
	return fmt.Errorf("%s:%d: %v (line %d, column %d)", name, pe.StartLine, pe.Err, pe.Line, pe.Column)
}

// walkDocs calls fn for every regular file under root, in lexical order. It
// skips files and directories whose names start with a dot, and entries that
// are neither regular files nor directories (symbolic links, which it does
// not follow, devices, sockets), calling skip, if not nil, with each skipped
// path and why. rel is the slash-separated path relative to root.
func walkDocs(root string, fn func(path, rel string, info fs.FileInfo) error, skip func(path, why string)) error {
	if skip == nil {
		skip = func(string, string) {}
	}
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				skip(path, fmt.Sprintf("a hidden directory (%s under it)", plural(countFiles(path), "file")))
				return filepath.SkipDir
			}
			skip(path, "a hidden file")
			return nil
		}
		switch {
		case d.IsDir():
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			skip(path, "a symbolic link (links are not followed)")
			return nil
		case !d.Type().IsRegular():
			skip(path, "not a regular file")
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return fn(path, filepath.ToSlash(rel), info)
	})
}

// countFiles returns the number of entries under dir that are not
// directories, ignoring errors.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// readDir makes one record (path, body) per document under root. Hidden
// files and directories, links, special files and files that are not UTF-8
// text are skipped, each reported to skip.
func readDir(root string, progress io.Writer, fn func(record) error, skip func(path, why string)) error {
	return walkDocs(root, func(path, rel string, _ fs.FileInfo) error {
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		progress.Write(body)
		if !utf8.Valid(body) {
			// A directory of documents often holds images and other
			// binaries: skip them, say so, and go on.
			skip(path, fmt.Sprintf("not UTF-8 text (line %d)", invalidLine(body)))
			return nil
		}
		return fn(record{[]string{"path", "body"}, []any{rel, string(body)}, path, 0})
	}, skip)
}

// invalidLine returns the 1-based line of the first invalid UTF-8 sequence
// in b.
func invalidLine(b []byte) int {
	line := 1
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			break
		}
		if r == '\n' {
			line++
		}
		b = b[n:]
	}
	return line
}
