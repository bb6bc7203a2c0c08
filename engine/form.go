package engine

import (
	"bytes"
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Notation declares the statements of a game's log: each a Form, a
// pattern of keywords and typed fields. Read matches a line's words to its
// form and reads its fields, with a message from the declaration for a
// line that does not fit; Append writes a statement back from its values.
// A game's decoder keeps what is its own (the order of its statements and
// what they mean); the words of a statement are the engine's to read.
//
//	var forms = engine.Notation{
//		Rule: RuleNotation,
//		Forms: []engine.Form{
//			{Kind: KindFinish, Pattern: "finish N"},
//			{Kind: KindMove, Pattern: "NAME move D"},
//		},
//		Fields: map[string]engine.Field{
//			"N": {Kind: engine.FieldNumber, Min: 10, Max: 40},
//			"D": {Kind: engine.FieldDie},
//		},
//	}
//
// A Notation is read-only once in use; its tables are built at its first
// use and it may then be shared by any number of goroutines.
type Notation struct {
	Rule   Rule             // what a statement that is not well formed breaks
	Forms  []Form           // the statements, in the order Read tries them
	Fields map[string]Field // the fields the patterns name, by name
	// Keywords are words of the notation that no pattern writes as a
	// keyword, which IsKeyword reports and no name may be: the words a
	// game reads itself inside a field of several words (a move's
	// "strike", "double"). A line that starts with one is of no form.
	Keywords []string

	once      sync.Once
	parts     [][]part                 // each form's parts, from its pattern
	keywords  [maxKeyLen + 1][]keyword // every keyword of every pattern, by its length
	nameField []int                    // the forms that start with a name and no keyword after it
	spans     [][3]int                 // each form's span: least words, least before its throw, most (-1: no bound)
}

// Form is one statement of a notation.
type Form struct {
	// Kind is the game's own kind of statement, which a Match of the form
	// carries.
	Kind int
	// Pattern writes the statement with its fields named: "finish N",
	// "NAME bet H AB", "players NAME...". A word the notation's Fields
	// name is a field; any other is a keyword, written as it is. A field
	// ending in "?" may be left out, with every part after it; one ending
	// in "..." takes every word to the end of the line, at least one.
	Pattern string
	// Count is the message for a statement of the form with too many or
	// too few words; when empty, "the KEYWORD line is "PATTERN": N words,
	// not M" (for a form that starts with a name, "NAME: "PATTERN" is N
	// words, not M"). It is a template, as Field.Bad is.
	Count string
	// Rule is what a statement of the form that is not well formed
	// breaks, when it is not the notation's Rule: its count of words, and
	// a field's word unless the field names its own Rule. A game whose
	// header and body break different rules says so here.
	Rule Rule
	// Keyword is the message for a keyword of the pattern, past the one
	// the form is found by, written otherwise ("split" in "roll NAME D D
	// D D split AB CD"); when empty, "WORD where KEYWORD should be:
	// "PATTERN"". It is a template, {word} the word written.
	Keyword string
}

// FieldKind is what a field of a statement holds.
type FieldKind uint8

// The kinds of field.
const (
	// FieldWord is one of Field.Words; its value is the word's index.
	FieldWord FieldKind = iota + 1
	// FieldNumber is a whole number, not signed, from Min to Max (no
	// bound when both are 0).
	FieldNumber
	// FieldDie is a die, 1 to 6.
	FieldDie
	// FieldPair is two dice written together, as 46; its value is 10
	// times the first and the second, as written.
	FieldPair
	// FieldName is a name, as CheckName checks it against the
	// notation's keywords; the names of a field of several words are
	// different.
	FieldName
	// FieldDigest is a variant's digest, as IsDigest checks it.
	FieldDigest
	// FieldText is a word that Field.Valid accepts.
	FieldText
)

// Field is one typed word of a statement.
type Field struct {
	Kind     FieldKind
	Words    []string          // a FieldWord's words
	Min, Max int               // a FieldNumber's bounds
	Signed   bool              // a FieldNumber may start with '-' or '+'
	Valid    func([]byte) bool // a FieldText's check
	// Bad is the message for a word the field cannot hold, and Range for
	// a FieldNumber out of its bounds, and Twice for a FieldName of
	// several words that names one twice. Each is a template: {word} is
	// the word at fault quoted, {bare} the same as written, {n} the
	// number read, {0} to {9} the statement's words as written,
	// {statement} its words quoted as one (separated by one space), {form}
	// its form's pattern, {want} and {have} the words it takes and has
	// ({want in words} and {have in words} as Words writes them: "two",
	// "12"). When empty, a message of the engine's own.
	Bad, Range, Twice string
	// Rule is what a word the field cannot hold breaks, when it is not
	// the notation's Rule.
	Rule Rule
	// Thrown marks a field the dice give (a roll, a die): a statement
	// read before its throw (ReadBeforeThrow) stops before its last
	// fields that are thrown.
	Thrown bool
}

// keyword is one keyword of a notation and the forms it leads.
type keyword struct {
	word   string
	lead   []int // the forms that start with it
	second []int // the forms that start with a name and then it
}

// maxKeyLen is the longest keyword the table of keywords files by its
// length; longer ones share its last row.
const maxKeyLen = 15

// keyword finds w among the notation's keywords: a few words of a few
// lengths, which a scan of the row of w's length finds faster than a map
// (this is asked of every statement of every log).
func (n *Notation) keyword(w []byte) *keyword {
	row := n.keywords[min(len(w), maxKeyLen)]
	for i := range row {
		if k := &row[i]; k.word[0] == w[0] && k.word == string(w) {
			return k
		}
	}
	return nil
}

// part is one word of a pattern: a keyword, or a field.
type part struct {
	key      string // the keyword; "" for a field
	name     string // the field's name in the pattern
	field    *Field
	optional bool // this part and those after it may be left out
	many     bool // the field takes every word to the end of the line
	word     bool // the field's value is its word as written (takesWord)
}

// maxFields bounds the fields of one form.
const maxFields = 8

// Match is one statement as Read read it: its form and its fields' values,
// numbered as the form's fields come, keywords not counted. Its words are
// the scanner's, good until its next line.
type Match struct {
	Kind int // the form's Kind
	Form int // the form's index in Notation.Forms; -1 when no form starts as the line does
	n    int // fields read
	val  [maxFields]int
	word [maxFields][]byte
	rest [][]byte // the words of a field of several words
}

// Has reports whether field i was written: false for a field left out.
func (m *Match) Has(i int) bool { return i < m.n }

// Int is field i's value: a number, a die, a pair (10 times its first
// die and its second), a FieldWord's index.
func (m *Match) Int(i int) int { return m.val[i] }

// Word is field i as written.
func (m *Match) Word(i int) []byte { return m.word[i] }

// Pair is field i, a FieldPair, as two dice.
func (m *Match) Pair(i int) [2]int8 { return [2]int8{int8(m.val[i] / 10), int8(m.val[i] % 10)} }

// Words are the words of the form's field of several words.
func (m *Match) Words() [][]byte { return m.rest }

// IsKeyword reports whether w is a keyword of the notation: a word of
// one of its patterns that is not a field.
func (n *Notation) IsKeyword(w string) bool {
	n.build()
	return n.keyword([]byte(w)) != nil
}

// KeywordList is every keyword of the notation, each once: its patterns'
// in the order they first write them, then its Keywords.
func (n *Notation) KeywordList() []string {
	n.build()
	var out []string
	for _, ps := range n.parts {
		for _, p := range ps {
			if p.key != "" && !slices.Contains(out, p.key) {
				out = append(out, p.key)
			}
		}
	}
	for _, w := range n.Keywords {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// Pattern is form i's pattern with its fields' marks: "NAME bet H AB".
func (n *Notation) Pattern(i int) string {
	n.build()
	var b strings.Builder
	for j, p := range n.parts[i] {
		if j > 0 {
			b.WriteByte(' ')
		}
		if p.key != "" {
			b.WriteString(p.key)
		} else {
			b.WriteString(p.name)
		}
	}
	return b.String()
}

func (n *Notation) build() {
	n.once.Do(func() {
		n.parts = make([][]part, len(n.Forms))
		n.spans = make([][3]int, len(n.Forms))
		key := func(w string) *keyword {
			k := n.keyword([]byte(w))
			if k == nil {
				row := &n.keywords[min(len(w), maxKeyLen)]
				*row = append(*row, keyword{word: w})
				k = &(*row)[len(*row)-1]
			}
			return k
		}
		for _, w := range n.Keywords {
			key(w)
		}
		for i, f := range n.Forms {
			fields := 0
			for _, w := range strings.Fields(f.Pattern) {
				p := part{}
				name, opt := strings.CutSuffix(w, "?")
				name, many := strings.CutSuffix(name, "...")
				if fd, ok := n.Fields[name]; ok {
					p.name, p.field, p.optional, p.many, p.word = name, &fd, opt, many, takesWord(&fd)
					fields++
				} else {
					p.key = w
					key(w)
				}
				n.parts[i] = append(n.parts[i], p)
			}
			if fields > maxFields {
				panic(fmt.Sprintf("engine: form %q has more than %d fields", f.Pattern, maxFields))
			}
			lo, hi := n.span(i, false)
			before, _ := n.span(i, true)
			n.spans[i] = [3]int{lo, before, hi}
		}
		for i := range n.Forms {
			switch ps := n.parts[i]; {
			case ps[0].key != "":
				k := key(ps[0].key)
				k.lead = append(k.lead, i)
			case len(ps) > 1 && ps[1].key != "":
				k := key(ps[1].key)
				k.second = append(k.second, i)
			default:
				n.nameField = append(n.nameField, i)
			}
		}
	})
}

// Read reads the words of one statement, at line, into m: the first form
// they start as whose count of words fits and whose fields read, and its
// fields. Forms of one keyword and one count of words are so told apart
// by what their words are; when none reads, the error is the first's. A
// line no form starts as (its first word no form's keyword, nor a name
// before one) is no error: m.Form is then -1, and what it says is the
// game's to tell. A form's words too many or too few, a field's word it
// cannot hold, or a keyword of the form written otherwise, is an *Error
// at line with the declaration's message. After a field's error, m holds
// the form whose error it is and the fields before the one at fault (Has
// reports true for them), so that a game may check what they say before
// it reports the error.
func (n *Notation) Read(w [][]byte, line int, m *Match) error {
	return n.read(w, line, m, false)
}

// ReadBeforeThrow reads a statement as Read does, or the part of it a
// player writes before the dice are thrown: the statement without its
// last fields that are Thrown ("Ana bet 3" for "Ana bet 3 46"). Those
// fields are then left out of m (Has reports false).
func (n *Notation) ReadBeforeThrow(w [][]byte, line int, m *Match) error {
	return n.read(w, line, m, true)
}

func (n *Notation) read(w [][]byte, line int, m *Match, unthrown bool) error {
	n.build()
	m.Kind, m.Form, m.n, m.rest = 0, -1, 0, nil // no more: a value past n is never read
	var forms []int
	switch k := n.keyword(w[0]); {
	case k != nil:
		forms = k.lead
	case len(w) > 1:
		if k := n.keyword(w[1]); k != nil {
			forms = k.second
		} else {
			forms = n.nameField
		}
	default:
		forms = n.nameField
	}
	if len(forms) == 0 {
		return nil
	}
	least := 0 // the index of the least words in a span
	if unthrown {
		least = 1
	}
	var first error
	firstForm := -1
	for _, i := range forms {
		if sp := n.spans[i]; len(w) >= sp[least] && (sp[2] < 0 || len(w) <= sp[2]) {
			if first != nil {
				m.n, m.rest = 0, nil
			}
			err := n.fill(i, w, line, m)
			if err == nil {
				return nil
			}
			if first == nil {
				first, firstForm = err, i
			}
		}
	}
	if first != nil {
		if m.Form != firstForm {
			// m holds the form whose error is reported, and its fields
			// before the one at fault: read it again, to the same error.
			m.n, m.rest = 0, nil
			n.fill(firstForm, w, line, m)
		}
		return first
	}
	return n.countError(forms[0], w, line)
}

// ReadForm reads the words of one statement as form i, as Read does once
// it has found the form: for a game whose file, or whose word after the
// keyword, tells apart forms that start with the same keyword (a log's
// "purse NAME AMOUNT" and a sheet's "purse AMOUNT"). The words are matched
// to the form's parts by their places, its keywords checked as Read
// checks them.
func (n *Notation) ReadForm(i int, w [][]byte, line int, m *Match) error {
	n.build()
	m.Kind, m.Form, m.n, m.rest = 0, -1, 0, nil // as read does
	if sp := n.spans[i]; len(w) >= sp[0] && (sp[2] < 0 || len(w) <= sp[2]) {
		return n.fill(i, w, line, m)
	}
	return n.countError(i, w, line)
}

// countError is the error for the words w of a statement of form i, too
// many or too few.
func (n *Notation) countError(i int, w [][]byte, line int) error {
	lo, hi := n.spans[i][0], n.spans[i][2]
	want := lo
	if len(w) > lo && hi >= 0 {
		want = hi
	}
	def := `the {0} line is "{form}": {want} words, not {have}`
	if n.parts[i][0].key == "" {
		def = `{0}: "{form}" is {want} words, not {have}`
	}
	msg := cmp.Or(n.Forms[i].Count, def)
	return n.errorf(line, i, nil, n.expand(msg, i, w, nil, 0, want))
}

// span is how many words form i takes: at least lo, at most hi (-1: no
// bound); when unthrown, its last thrown fields may be left out.
func (n *Notation) span(i int, unthrown bool) (lo, hi int) {
	ps := n.parts[i]
	lo = len(ps)
	for unthrown && lo > 0 && ps[lo-1].field != nil && ps[lo-1].field.Thrown {
		lo--
	}
	for j, p := range ps {
		if p.optional {
			lo = min(lo, j)
		}
		if p.many {
			return lo, -1
		}
	}
	return lo, len(ps)
}

// fill reads the fields of form i from w.
func (n *Notation) fill(i int, w [][]byte, line int, m *Match) error {
	m.Kind, m.Form = n.Forms[i].Kind, i
	ps := n.parts[i]
	for j := range min(len(ps), len(w)) {
		p := &ps[j]
		if p.field == nil {
			if string(w[j]) != p.key {
				msg := cmp.Or(n.Forms[i].Keyword, `{word} where `+p.key+` should be: "{form}"`)
				return n.errorf(line, i, nil, n.expand(msg, i, w, w[j], 0, 0))
			}
			continue
		}
		if p.many {
			m.rest = w[j:]
			for k, x := range m.rest {
				if _, ok := n.value(p.field, x); !ok {
					return n.bad(i, p.field, x, w, line)
				}
				if p.field.Kind != FieldName {
					continue
				}
				for _, prev := range m.rest[:k] {
					if bytes.Equal(prev, x) {
						msg := cmp.Or(p.field.Twice, "{word} is named twice: names are different")
						return n.errorf(line, i, p.field, n.expand(msg, i, w, x, 0, 0))
					}
				}
			}
			m.n++
			break
		}
		v, ok := n.value(p.field, w[j])
		if !ok {
			return n.bad(i, p.field, w[j], w, line)
		}
		m.val[m.n], m.word[m.n] = v, w[j]
		m.n++
	}
	return nil
}

// value reads word x as field f, and reports whether f can hold it.
func (n *Notation) value(f *Field, x []byte) (int, bool) {
	switch f.Kind {
	case FieldDie:
		d := Die(x)
		return int(d), d != 0
	case FieldPair:
		p, ok := Pair(x)
		return int(p[0])*10 + int(p[1]), ok
	case FieldNumber:
		num, ok := Number(x, f.Signed)
		if ok && (f.Min != 0 || f.Max != 0) && (num < f.Min || num > f.Max) {
			return num, false
		}
		return num, ok
	case FieldWord:
		for k, s := range f.Words {
			if string(x) == s {
				return k, true
			}
		}
		return 0, false
	case FieldName:
		// The keywords are looked up here, where x costs no string, and
		// not by CheckName, whose func of a string puts every name on the
		// heap; bad asks CheckName for the message.
		return 0, CheckName(x, nil) == "" && n.keyword(x) == nil
	case FieldDigest:
		return 0, IsDigest(x)
	case FieldText:
		return 0, f.Valid == nil || f.Valid(x)
	}
	return 0, true
}

// bad is the error for word x of a statement w, of form i, that field f
// cannot hold.
func (n *Notation) bad(i int, f *Field, x []byte, w [][]byte, line int) error {
	def := ""
	switch f.Kind {
	case FieldWord:
		def = "{word} is not " + Or(f.Words)
	case FieldNumber:
		num, ok := Number(x, f.Signed)
		if !ok {
			def = "{word} is not a whole number"
			break
		}
		msg := cmp.Or(f.Range, fmt.Sprintf("{n} is not from %d to %d", f.Min, f.Max))
		return n.errorf(line, i, f, n.expand(msg, i, w, x, num, 0))
	case FieldDie:
		def = "{word} is not a die from 1 to 6"
	case FieldPair:
		def = "{word} is not two dice 1-6 written together, as 46"
	case FieldName:
		return n.errorf(line, i, f, CheckName(x, n.IsKeyword))
	case FieldDigest:
		def = "{word} is not a digest: 16 hex digits, as furlong writes it"
	case FieldText:
		def = "{word} is not a good word here"
	}
	return n.errorf(line, i, f, n.expand(cmp.Or(f.Bad, def), i, w, x, 0, 0))
}

// errorf is an error at line of form i's statement, with the rule of
// its field f (nil for the statement as a whole), of its form, or of the
// notation, whichever is said first.
func (n *Notation) errorf(line, i int, f *Field, msg string) *Error {
	r := n.Rule
	if n.Forms[i].Rule != nil {
		r = n.Forms[i].Rule
	}
	if f != nil && f.Rule != nil {
		r = f.Rule
	}
	return &Error{Line: line, Rule: r, Msg: msg}
}

// expand fills in a message template for form i and the words w.
func (n *Notation) expand(t string, i int, w [][]byte, word []byte, num, want int) string {
	if !strings.Contains(t, "{") {
		return t
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(t, '{')
		end := strings.IndexByte(t[max(open, 0):], '}')
		if open < 0 || end < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:open])
		key := t[open+1 : open+end]
		switch key {
		case "word":
			b.WriteString(Quote(word))
		case "bare":
			b.Write(word)
		case "n":
			b.WriteString(strconv.Itoa(num))
		case "form":
			b.WriteString(n.Pattern(i))
		case "want":
			b.WriteString(strconv.Itoa(want))
		case "have":
			b.WriteString(strconv.Itoa(len(w)))
		case "statement":
			b.WriteString(Quote(bytes.Join(w, []byte{' '})))
		case "want in words":
			b.WriteString(Words(want))
		case "have in words":
			b.WriteString(Words(len(w)))
		default:
			if k, err := strconv.Atoi(key); err == nil && k >= 0 && k < len(w) {
				b.Write(w[k])
			}
		}
		t = t[open+end+1:]
	}
}

// Append appends m, a statement as Read read it, to b as its form writes
// it, with its line end: the canonical line of what was read ("points Ana
// +11" is written "points Ana 11").
func (n *Notation) Append(b []byte, m *Match) []byte {
	n.build()
	var values [maxFields]int
	var words [][]byte
	var own [maxFields][]byte // words, unless a field of several words makes them more
	words = own[:0]
	nv := 0
	for k, p := range n.fields(m.Form) {
		switch {
		case k >= m.n:
		case p.many:
			words = append(words, m.rest...)
		case p.word:
			words = append(words, m.word[k])
		default:
			values[nv] = m.val[k]
			nv++
		}
	}
	return append(appendForm(n, b, m.Form, values[:nv], words), '\n')
}

// fields are the parts of form i that are fields, in order.
func (n *Notation) fields(i int) iter.Seq2[int, *part] {
	return func(yield func(int, *part) bool) {
		k := 0
		for j := range n.parts[i] {
			if p := &n.parts[i][j]; p.field != nil {
				if !yield(k, p) {
					return
				}
				k++
			}
		}
	}
}

// AppendForm appends a statement of form i to b, without a line end,
// from its values: values are the numbers of the fields that hold one (a
// die, a number, two dice as 10a+b, a FieldWord's index) in the form's
// order, and words the words of the others (a name, a digest, another
// word), in the form's order; a field of several words takes every word
// left. It stops before the first field it has nothing for, and so writes
// a statement without its throw when given no dice: "Ana bet 3". It
// allocates nothing when b has room.
func (n *Notation) AppendForm(b []byte, i int, values []int, words ...string) []byte {
	n.build()
	return appendForm(n, b, i, values, words)
}

// appendForm is AppendForm, for words as strings or as bytes.
func appendForm[W string | []byte](n *Notation, b []byte, i int, values []int, words []W) []byte {
	for j := range n.parts[i] {
		p := &n.parts[i][j]
		if p.field != nil && (p.word && len(words) == 0 || !p.word && len(values) == 0) {
			break
		}
		if j > 0 {
			b = append(b, ' ')
		}
		switch {
		case p.field == nil:
			b = append(b, p.key...)
		case p.many:
			for k, w := range words {
				if k > 0 {
					b = append(b, ' ')
				}
				b = append(b, w...)
			}
			words = nil
		case p.word:
			b, words = append(b, words[0]...), words[1:]
		default:
			b, values = appendValue(b, p.field, values[0]), values[1:]
		}
	}
	return b
}

// AppendLine appends a statement of form i to b as AppendForm does, and
// its line end: a line of a log.
func (n *Notation) AppendLine(b []byte, i int, values []int, words ...string) []byte {
	return append(n.AppendForm(b, i, values, words...), '\n')
}

// takesWord reports whether a field's value is its word as written (a
// name, a digest, a FieldText), not a number.
func takesWord(f *Field) bool {
	return f.Kind == FieldName || f.Kind == FieldDigest || f.Kind == FieldText
}

// appendValue appends the word of field f whose value is v.
func appendValue(b []byte, f *Field, v int) []byte {
	switch f.Kind {
	case FieldWord:
		return append(b, f.Words[v]...)
	case FieldPair:
		return append(b, '0'+byte(v/10), '0'+byte(v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}
