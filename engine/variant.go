package engine

import (
	"fmt"
	"hash/fnv"
	"strconv"
)

// Param is one number (or word) of a game's board that a variant may
// change: its key in a variant file, what it means, its bounds, and where
// it lives in the game's own tables. A game lists its board's params in a
// fixed order; a variant file, the printed standard board and a sweep all
// read and write through them.
type Param struct {
	// Key is the param's dotted key in a variant file: "race.7.spaces",
	// "station.wire.pays". The part before the last dot is its table.
	Key string
	// Doc says what the number is, for the comment a printed variant file
	// gives it: "spaces of race 7's track".
	Doc string
	// Int points at the number; nil for a word.
	Int      *int
	Min, Max int
	// Word points at the word, for a param that names one of Words.
	Word  *string
	Words []string
}

// Value writes the param's value as a variant file does: a number, or a
// word in quotes.
func (p *Param) Value() string {
	if p.Int != nil {
		return strconv.Itoa(*p.Int)
	}
	return strconv.Quote(*p.Word)
}

// SetInt sets a number param to v, or says why it cannot be.
func (p *Param) SetInt(v int) error {
	if p.Int == nil {
		return fmt.Errorf("%s is a word (one of %s), not a number", p.Key, quoteWords(p.Words))
	}
	if v < p.Min || v > p.Max {
		return fmt.Errorf("%s must be from %d to %d, not %d", p.Key, p.Min, p.Max, v)
	}
	*p.Int = v
	return nil
}

// SetWord sets a word param to w, or says why it cannot be.
func (p *Param) SetWord(w string) error {
	if p.Word == nil {
		return fmt.Errorf("%s is a number from %d to %d, not a word", p.Key, p.Min, p.Max)
	}
	for _, x := range p.Words {
		if x == w {
			*p.Word = w
			return nil
		}
	}
	return fmt.Errorf("%s must be one of %s, not %q", p.Key, quoteWords(p.Words), w)
}

func quoteWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += ", "
		}
		s += strconv.Quote(w)
	}
	return s
}

// Variant is a game's board with its numbers as a designer set them: the
// board it starts from and every param. Each game's engine has its own
// variant type; the command line reads and writes them through Params.
type Variant interface {
	// Game is the game's keyword: "greatraces".
	Game() string
	// Base is the standard board the variant starts from: "standard".
	Base() string
	// Name names the variant, as a log's variant line does.
	Name() string
	// Params are the board's numbers, in a fixed order, pointing into the
	// variant: setting one changes it.
	Params() []Param
	// Check says whether the rules can play the board: nil, or a
	// *SetupError whose Part is the key of the param at fault and whose
	// message says why ("race 7 has no spaces").
	Check() error
}

// Digest is a short fingerprint of a variant's numbers, the same for the
// same numbers whatever the variant is called: sixteen hex digits of an
// FNV-1a hash over its base and every param's key and value. A log played
// on a variant carries it, so that a file of other numbers is refused.
func Digest(v Variant) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\n%s\n", v.Game(), v.Base())
	for _, p := range v.Params() {
		fmt.Fprintf(h, "%s=%s\n", p.Key, p.Value())
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// IsDigest reports whether b is a digest as Digest writes it: sixteen
// lower-case hex digits, as a log's variant line gives it.
func IsDigest(b []byte) bool {
	if len(b) != 16 {
		return false
	}
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// SameNumbers reports whether two variants of a game have the same base
// and the same value for every param.
func SameNumbers(a, b Variant) bool {
	return a.Game() == b.Game() && Digest(a) == Digest(b)
}
