package mysqlerr

import "fmt"

// jsonTextError returns the reason MySQL 8 gives (its parser is
// RapidJSON's, with RapidJSON's English messages) for the first error in
// JSON text s, and the byte offset RapidJSON reports it at; ok is false
// when s is valid JSON.
func jsonTextError(s string) (reason string, pos int, ok bool) {
	p := &jsonTextParser{s: s}
	p.space()
	if p.i >= len(s) {
		return "The document is empty.", p.i, true
	}
	if !p.value() {
		return p.reason, p.pos, true
	}
	p.space()
	if p.i < len(s) {
		return "The document root must not be followed by other values.", p.i, true
	}
	return "", 0, false
}

// jsonTextParser is a RapidJSON-alike recursive-descent validator: it
// stops at the first error, keeping RapidJSON's reason and offset.
type jsonTextParser struct {
	s      string
	i      int
	reason string
	pos    int
}

// fail records the error reason at pos; it returns false.
func (p *jsonTextParser) fail(reason string, pos int) bool {
	p.reason, p.pos = reason, pos
	return false
}

// peek is the next byte, 0 at the end (RapidJSON's streams end in NUL).
func (p *jsonTextParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// space skips JSON whitespace.
func (p *jsonTextParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// value reads one JSON value.
func (p *jsonTextParser) value() bool {
	switch p.peek() {
	case '{':
		return p.object()
	case '[':
		return p.array()
	case '"':
		return p.str()
	case 't':
		return p.literal("true")
	case 'f':
		return p.literal("false")
	case 'n':
		return p.literal("null")
	}
	return p.number()
}

// literal reads true, false or null: RapidJSON reports a mismatch where
// it is found.
func (p *jsonTextParser) literal(word string) bool {
	p.i++
	for k := 1; k < len(word); k++ {
		if p.peek() != word[k] {
			return p.fail("Invalid value.", p.i)
		}
		p.i++
	}
	return true
}

// number reads a JSON number.
func (p *jsonTextParser) number() bool {
	if p.peek() == '-' {
		p.i++
	}
	switch c := p.peek(); {
	case c == '0':
		p.i++
	case c >= '1' && c <= '9':
		for c := p.peek(); c >= '0' && c <= '9'; c = p.peek() {
			p.i++
		}
	default:
		return p.fail("Invalid value.", p.i)
	}
	if p.peek() == '.' {
		p.i++
		if c := p.peek(); c < '0' || c > '9' {
			return p.fail("Miss fraction part in number.", p.i)
		}
		for c := p.peek(); c >= '0' && c <= '9'; c = p.peek() {
			p.i++
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.i++
		if c := p.peek(); c == '+' || c == '-' {
			p.i++
		}
		if c := p.peek(); c < '0' || c > '9' {
			return p.fail("Miss exponent in number.", p.i)
		}
		for c := p.peek(); c >= '0' && c <= '9'; c = p.peek() {
			p.i++
		}
	}
	return true
}

// hex reports whether c is a hexadecimal digit.
func hex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// str reads a JSON string; escape errors are reported at their
// backslash, as RapidJSON does.
func (p *jsonTextParser) str() bool {
	p.i++
	for {
		c := p.peek()
		switch {
		case c == '"':
			p.i++
			return true
		case c == '\\':
			esc := p.i
			p.i++
			switch p.peek() {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				p.i++
				for k := 0; k < 4; k++ {
					if !hex(p.peek()) {
						return p.fail(`Incorrect hex digit after \u escape in string.`, esc)
					}
					p.i++
				}
			default:
				return p.fail("Invalid escape character in string.", esc)
			}
		case c == 0:
			return p.fail("Missing a closing quotation mark in string.", p.i)
		case c < 0x20:
			return p.fail("Invalid encoding in string.", p.i)
		default:
			p.i++
		}
	}
}

// array reads a JSON array.
func (p *jsonTextParser) array() bool {
	return p.elements(']', "Missing a comma or ']' after an array element.", p.value)
}

// object reads a JSON object.
func (p *jsonTextParser) object() bool {
	return p.elements('}', "Missing a comma or '}' after an object member.", func() bool {
		if p.peek() != '"' {
			return p.fail("Missing a name for object member.", p.i)
		}
		if !p.str() {
			return false
		}
		p.space()
		if p.peek() != ':' {
			return p.fail("Missing a colon after a name of object member.", p.i)
		}
		p.i++
		p.space()
		return p.value()
	})
}

// elements reads the elements of an array or object after its opening
// bracket, each with element, up to its closing bracket end; missing is
// the reason when neither a comma nor end follows an element.
func (p *jsonTextParser) elements(end byte, missing string, element func() bool) bool {
	p.i++
	p.space()
	if p.peek() == end {
		p.i++
		return true
	}
	for {
		if !element() {
			return false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
		case end:
			p.i++
			return true
		default:
			return p.fail(missing, p.i)
		}
	}
}

// invalidJSONText words go-mysql-server's "Invalid JSON text in argument
// 1 to function json_extract: \"{bad\"" (m[1] the argument, m[2] the
// function, m[3] the text) as MySQL 8: the parser's reason and offset in
// place of the text.
func invalidJSONText(m []string, _ string) string {
	reason, pos, ok := jsonTextError(m[3])
	if !ok {
		reason, pos = "Invalid value.", 0 // not JSON for another reason (a text of another character set)
	}
	return fmt.Sprintf("Invalid JSON text in argument %s to function %s: \"%s\" at position %d.", m[1], m[2], reason, pos)
}
