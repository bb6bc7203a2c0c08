package variant

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// MaxBytes bounds a variant file: a board's numbers fill a few kilobytes.
const MaxBytes = 1 << 20

// MaxName bounds a variant's name, in characters.
const MaxName = 40

// Error is a mistake in a variant file: the file as messages name it, the
// line (0 when no line applies), the key at fault ("" when none) and what
// is wrong.
type Error struct {
	File string
	Line int
	Key  string
	Msg  string
}

// Error words the mistake as FILE:LINE: key: message.
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	return s + ": " + e.Detail()
}

// Detail is the mistake without its file and line: "key: message".
func (e *Error) Detail() string {
	if e.Key == "" {
		return e.Msg
	}
	return e.Key + ": " + e.Msg
}

// Options say how to read a variant file.
type Options struct {
	// File names the file in messages, as the command line shows it.
	File string
	// Stem is the name the variant takes when the file has no name line:
	// the file's name without its folder and extension.
	Stem string
	// Games are the games a file may name.
	Games []game.Game
}

// File is a variant file read: its game, its base and its name, and the
// numbers it sets, each with its line. Variant makes the board it
// describes, as many times as asked.
type File struct {
	Game *game.Game
	Base string
	Name string

	file     string
	gameLine int
	baseLine int
	nameLine int // 0 when the variant is called after its file
	sets     []entry
}

// entry is one key the file sets, with its line and its value as TOML
// wrote it.
type entry struct {
	key  string
	line int
	kind unstable.Kind
	data string
}

// Set is a number set on top of a file's, as sweep sets each of its
// values.
type Set struct {
	Key   string
	Value int
}

// Read reads a variant file into the board it describes: Parse, then
// the File's Variant.
func Read(data []byte, o Options) (engine.Variant, *game.Game, error) {
	f, err := Parse(data, o)
	if err != nil {
		return nil, nil, err
	}
	v, err := f.Variant()
	return v, f.Game, err
}

// Standard is the file of a standard board that sets no number: what
// compare and sweep play when no file is given. base "" is the game's
// default board.
func Standard(g *game.Game, base string) (*File, error) {
	if g.Variant == nil {
		return nil, fmt.Errorf("%s has no variants", g.Title)
	}
	if base == "" && len(g.Bases) > 0 {
		base = g.Bases[0]
	}
	if !slices.Contains(g.Bases, base) {
		return nil, fmt.Errorf("%s has no board %q (want %s)", g.Title, base, quoteList(g.Bases))
	}
	return &File{Game: g, Base: base, Name: base, file: base}, nil
}

// Parse reads a variant file's game, base and name and the keys it sets,
// without setting them: Variant does. Its errors are *Error values.
func Parse(data []byte, o Options) (*File, error) {
	f := &File{file: o.File}
	fail := func(line int, key, format string, args ...any) error {
		return &Error{File: o.File, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > MaxBytes {
		return nil, fail(0, "", "a variant file holds at most %d bytes; this one is longer", MaxBytes)
	}
	if !utf8.Valid(data) {
		return nil, fail(0, "", "not UTF-8 text: a variant file is TOML")
	}
	entries, err := scan(data, o.File)
	if err != nil {
		return nil, err
	}
	var name *entry
	for i := range entries {
		e := &entries[i]
		switch e.key {
		case "game", "base", "name":
			if e.kind != unstable.String {
				return nil, fail(e.line, e.key, "want a word in quotes, not %s", describe(e))
			}
			switch e.key {
			case "game":
				f.gameLine = e.line
				for k := range o.Games {
					if o.Games[k].Name == e.data {
						f.Game = &o.Games[k]
					}
				}
				if f.Game == nil {
					return nil, fail(e.line, e.key, "unknown game %q (want %s)", e.data, gameList(o.Games))
				}
				if f.Game.Variant == nil {
					return nil, fail(e.line, e.key, "%s has no variants yet (variants serve %s)", f.Game.Title, gameList(o.Games))
				}
			case "base":
				f.baseLine = e.line
				f.Base = e.data
			case "name":
				name = e
				f.Name = e.data
				f.nameLine = e.line
			}
		default:
			f.sets = append(f.sets, *e)
		}
	}
	if f.Game == nil {
		return nil, fail(1, "game", "the file names no game: a variant file begins game = \"NAME\" (%s)", gameList(o.Games))
	}
	switch {
	case f.baseLine == 0 && len(f.Game.Bases) > 0:
		f.Base = f.Game.Bases[0]
	case !slices.Contains(f.Game.Bases, f.Base):
		return nil, fail(f.baseLine, "base", "%s has no board %q (want %s)", f.Game.Title, f.Base, quoteList(f.Game.Bases))
	}
	if name != nil {
		if msg := badName(f.Name); msg != "" {
			return nil, fail(name.line, "name", "%s", msg)
		}
	} else {
		f.Name = o.Stem
		if msg := badName(f.Name); msg != "" {
			return nil, fail(0, "name", "the file's name %q cannot name a variant (%s): give the file a name line, name = \"my-board\"", f.Name, msg)
		}
	}
	return f, nil
}

// badName says what is wrong with a variant's name, or "" when nothing
// is: a log's variant line carries it as one word.
func badName(n string) string {
	switch {
	case n == "":
		return "a name has at least one character"
	case utf8.RuneCountInString(n) > MaxName:
		return fmt.Sprintf("a name has at most %d characters", MaxName)
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Sprintf("%q is not a letter, digit, -, _ or . of a name", r)
		}
	}
	return ""
}

// Variant makes the board the file describes, with sets on top of its
// numbers: the game's standard board, every key of the file set through
// its Param, then every Set, then the board's Check. An error in the
// file is an *Error on the line of its key; an error in a Set is an
// *Error with no line. A board the rules cannot play is reported on the
// line of the number at fault: the one Check names when the file sets it,
// else the first number the file sets (or the first Set) without which
// Check says otherwise, as when a shorter track leaves the base's double
// line past its end.
func (f *File) Variant(sets ...Set) (engine.Variant, error) {
	es := slices.Clone(f.sets)
	for _, s := range sets {
		es = append(es, entry{key: s.Key, kind: unstable.Integer, data: strconv.Itoa(s.Value), line: -1})
	}
	v, err := f.build(es, -1)
	if err != nil {
		return nil, err
	}
	err = v.Check()
	if err == nil {
		return v, nil
	}
	var se *engine.SetupError
	if !errors.As(err, &se) {
		return nil, &Error{File: f.file, Msg: err.Error()}
	}
	if se.Part == "name" {
		// The game refuses the name: the name line's, or the file's own
		// name when it has none.
		if f.nameLine == 0 {
			return nil, &Error{File: f.file, Key: "name", Msg: fmt.Sprintf("the file's name %q cannot name a variant (%s): give the file a name line, name = \"my-board\"", f.Name, trimKey(se.Msg, se.Part))}
		}
		return nil, &Error{File: f.file, Line: f.nameLine, Key: "name", Msg: trimKey(se.Msg, se.Part)}
	}
	msg := trimKey(se.Msg, se.Part)
	at := slices.IndexFunc(es, func(e entry) bool { return e.key == se.Part })
	if at < 0 {
		// The number Check names is the base's: the one at fault is a
		// number set that, left at the base's own, changes what Check
		// says. Its message names the base's number too.
		for i := range es {
			w, err := f.build(es, i)
			if err != nil {
				continue
			}
			var other *engine.SetupError
			if err := w.Check(); err == nil || errors.As(err, &other) && (other.Part != se.Part || other.Msg != se.Msg) {
				at = i
				msg += fmt.Sprintf(" (%s is the base board's; set it too)", se.Part)
				break
			}
		}
	}
	if at < 0 {
		// No number set is at fault alone: the message points at the
		// board the file starts from.
		return nil, &Error{File: f.file, Line: max(f.baseLine, f.gameLine), Key: se.Part, Msg: msg}
	}
	return nil, &Error{File: f.file, Line: max(es[at].line, 0), Key: es[at].key, Msg: msg}
}

// build makes the file's board with the entries es set on it but for the
// one at skip (-1 for none), without its Check. An entry's line -1 marks a
// Set, whose error has no line.
func (f *File) build(es []entry, skip int) (engine.Variant, error) {
	v, err := f.Game.Variant(f.Base, f.Name)
	if err != nil {
		return nil, &Error{File: f.file, Line: f.baseLine, Key: "base", Msg: err.Error()}
	}
	params := v.Params()
	byKey := make(map[string]*engine.Param, len(params))
	for i := range params {
		byKey[params[i].Key] = &params[i]
	}
	for i, e := range es {
		if i == skip {
			continue
		}
		if err := set(byKey, params, e); err != "" {
			return nil, &Error{File: f.file, Line: max(e.line, 0), Key: e.key, Msg: err}
		}
	}
	return v, nil
}

// Keys are the keys the file sets, in its order, for a message.
func (f *File) Keys() []string {
	ks := make([]string, len(f.sets))
	for i, e := range f.sets {
		ks[i] = e.key
	}
	return ks
}

// set sets one key through its param and returns what is wrong, or "".
func set(byKey map[string]*engine.Param, params []engine.Param, e entry) string {
	p, ok := byKey[e.key]
	if !ok {
		return unknown(e.key, params)
	}
	if p.Int != nil {
		if e.kind != unstable.Integer {
			return fmt.Sprintf("want a whole number from %d to %d, not %s", p.Min, p.Max, describe(&e))
		}
		n, err := strconv.ParseInt(e.data, 10, 64)
		if err != nil {
			if alt, err2 := strconv.ParseInt(e.data, 0, 64); err2 == nil {
				return fmt.Sprintf("write the number in base 10, without a prefix or _: %d, not %s", alt, e.data)
			}
			var ne *strconv.NumError
			if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
				return fmt.Sprintf("must be from %d to %d, not %s", p.Min, p.Max, e.data)
			}
			return fmt.Sprintf("write the number in base 10, without a prefix or _, not %s", e.data)
		}
		if n < int64(p.Min) || n > int64(p.Max) {
			return fmt.Sprintf("must be from %d to %d, not %d", p.Min, p.Max, n)
		}
		if err := p.SetInt(int(n)); err != nil {
			return trimKey(err.Error(), p.Key)
		}
		return ""
	}
	if e.kind != unstable.String {
		return fmt.Sprintf("want one of %s, in quotes, not %s", quoteList(p.Words), describe(&e))
	}
	if err := p.SetWord(e.data); err != nil {
		return trimKey(err.Error(), p.Key)
	}
	return ""
}

// trimKey drops a message's leading key, which the error names already.
func trimKey(msg, key string) string {
	if s, ok := strings.CutPrefix(msg, key+" "); ok && key != "" {
		return s
	}
	return msg
}

// unknown words a key the board does not have, with the known key
// nearest to it.
func unknown(key string, params []engine.Param) string {
	var tables []string
	for _, p := range params {
		if strings.HasPrefix(p.Key, key+".") {
			tables = append(tables, p.Key)
		}
	}
	if len(tables) > 0 {
		more := ""
		if len(tables) > 1 {
			more = ", ..."
		}
		return fmt.Sprintf("a table of the board's numbers, not one number: set its keys (%s%s)", tables[0], more)
	}
	best, dist := "", -1
	for _, k := range append([]string{"game", "base", "name"}, paramKeys(params)...) {
		if d := distance(key, k); dist < 0 || d < dist {
			best, dist = k, d
		}
	}
	return fmt.Sprintf("unknown key; the nearest the board has is %s", best)
}

func paramKeys(params []engine.Param) []string {
	ks := make([]string, len(params))
	for i, p := range params {
		ks[i] = p.Key
	}
	return ks
}

// distance is the edit distance between two keys: letters inserted,
// removed or changed.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// describe words a value for a message about its type.
func describe(e *entry) string {
	switch e.kind {
	case unstable.String:
		return "the word " + strconv.Quote(e.data)
	case unstable.Integer, unstable.Float:
		return e.data
	case unstable.Bool:
		return e.data
	case unstable.Array:
		return "a list"
	case unstable.InlineTable:
		return "a table"
	}
	return "a date or time"
}

// gameList names the games that have variants.
func gameList(games []game.Game) string {
	var ws []string
	for _, g := range games {
		if g.Variant != nil {
			ws = append(ws, g.Name)
		}
	}
	if len(ws) == 0 {
		return "no game has variants yet"
	}
	return strings.Join(ws, ", ")
}

func quoteList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, ", ")
}

// scan reads the TOML of a variant file into the keys it sets, in order,
// each with its line: a table's keys under their table's name, an inline
// table's under the key it is given. A key set twice, a table opened
// twice, an array of tables and TOML that does not parse are errors.
func scan(data []byte, file string) (out []entry, err error) {
	var p unstable.Parser
	p.Reset(data)
	// lineAt is the line of a range of the file; lineOf of a slice of
	// it, such as a parse error's highlight (0 when it is not one).
	lineAt := func(r unstable.Range) int { return p.Shape(r).Start.Line }
	lineOf := func(b []byte) (line int) {
		defer func() {
			if recover() != nil {
				line = 0
			}
		}()
		if cap(b) == 0 {
			return 0
		}
		return lineAt(p.Range(b))
	}
	fail := func(line int, key, format string, args ...any) error {
		return &Error{File: file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[string]int{}   // key: the line that set it
	tables := map[string]int{} // table: the line that opened it
	var table []string
	var add func(path []string, v *unstable.Node, line int) error
	add = func(path []string, v *unstable.Node, line int) error {
		key := joinKey(path)
		if v.Kind == unstable.InlineTable {
			it := v.Children()
			for it.Next() {
				kv := it.Node()
				sub, l := keyParts(kv.Key(), lineAt)
				if err := add(append(slices.Clip(path), sub...), kv.Value(), l); err != nil {
					return err
				}
			}
			return nil
		}
		if first, ok := seen[key]; ok {
			return fail(line, key, "set twice (first on line %d)", first)
		}
		seen[key] = line
		e := entry{key: key, line: line, kind: v.Kind, data: string(v.Data)}
		if v.Kind == unstable.Array {
			e.data = ""
		}
		out = append(out, e)
		return nil
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			path, line := keyParts(e.Key(), lineAt)
			key := joinKey(path)
			if first, ok := tables[key]; ok {
				return nil, fail(line, key, "a table opened twice (first on line %d): give its keys under one [%s]", first, key)
			}
			tables[key] = line
			table = path
		case unstable.ArrayTable:
			path, line := keyParts(e.Key(), lineAt)
			return nil, fail(line, joinKey(path), "a variant file has no arrays of tables ([[...]]): write [%s]", joinKey(path))
		case unstable.KeyValue:
			path, line := keyParts(e.Key(), lineAt)
			if err := add(append(slices.Clip(table), path...), e.Value(), line); err != nil {
				return nil, err
			}
		}
	}
	if err := p.Error(); err != nil {
		var pe *unstable.ParserError
		line := 0
		msg := err.Error()
		if errors.As(err, &pe) {
			line = lineOf(pe.Highlight)
			msg = pe.Message
		}
		return nil, fail(line, "", "not TOML: %s", msg)
	}
	return out, nil
}

// keyParts reads a key's dotted parts and the line of its first.
func keyParts(it unstable.Iterator, lineAt func(unstable.Range) int) ([]string, int) {
	var parts []string
	line := 0
	for it.Next() {
		k := it.Node()
		if line == 0 {
			line = lineAt(k.Raw)
		}
		parts = append(parts, string(k.Data))
	}
	return parts, line
}

// joinKey writes a key's parts dotted, as a Param's key is written; a part
// that is not a bare TOML key is quoted, so that it matches no param.
func joinKey(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = keyPart(p)
	}
	return strings.Join(q, ".")
}

// keyPart writes one part of a key: bare when TOML allows, else quoted.
func keyPart(p string) string {
	if p == "" {
		return `""`
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return strconv.Quote(p)
		}
	}
	return p
}
