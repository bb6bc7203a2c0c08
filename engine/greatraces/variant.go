package greatraces

import (
	"fmt"

	"furlong/engine"
)

// Bounds of a variant's numbers.
const (
	// MaxTrack is the longest track a variant may have. The sheet shares
	// one width of space among the races of a column, set by the longest
	// track: at twenty spaces a space is still about 4.5 mm wide on
	// Letter, room for a pencil's cross, where the standard boards' thirteen
	// give 7 mm.
	MaxTrack = 20
	// MaxBeside is the longest track races 11 and 12 may have: they share
	// their lines with the Players table, which keeps at least the room
	// the standard board leaves it, and eight spaces keep their spaces as
	// wide as a twenty-space track's.
	MaxBeside = 8
	// MaxPrize is the most a race's flag may pay: two digits, as the
	// flags print them.
	MaxPrize = 99
)

// Variant is a board of The Great Races as a designer sets it: for every
// race, its track's spaces, where its double line is drawn and what its
// two flags pay, starting from one of the standard boards. It implements
// engine.Variant: its Params point at its numbers, so that a variant file
// sets them, and Check says whether the rules can play the board.
//
// A game copies a variant's numbers when it starts (NewGame), so a
// variant changed afterwards changes no game in progress.
type Variant struct {
	base Board
	// VariantName names the variant (Name, SetName): its base's name until
	// SetName gives it one.
	engine.VariantName
	tracks [Races]Track
}

var _ engine.Variant = (*Variant)(nil)

// Variant returns the board's numbers as a variant named after the board,
// for a designer to change.
func (b Board) Variant() *Variant {
	return &Variant{base: b, VariantName: engine.VariantName(b.String()), tracks: b.Tracks()}
}

// StandardVariant returns the standard board named base as a variant:
// "standard" (or "" for the default) or "length". An unknown base is a
// *engine.SetupError about the board.
func StandardVariant(base string) (*Variant, error) {
	if base == "" {
		return Standard.Variant(), nil
	}
	b, ok := ParseBoard(base)
	if !ok {
		return nil, engine.SetupErrorf("board", "there is no board %s: the boards are %s", engine.Quote([]byte(base)), engine.And(boardNames[:]))
	}
	return b.Variant(), nil
}

// Game is the game's keyword, "greatraces".
func (v *Variant) Game() string { return "greatraces" }

// Base is the standard board the variant starts from: "standard" or
// "length".
func (v *Variant) Base() string { return v.base.String() }

// Board is the standard board the variant starts from.
func (v *Variant) Board() Board { return v.base }

// Clone returns an independent copy of the variant.
func (v *Variant) Clone() *Variant {
	c := *v
	return &c
}

// Track returns race's track; race is 2 to 12.
func (v *Variant) Track(race int) Track { return v.tracks[race-FirstRace] }

// Tracks returns the eleven tracks, race 2 first.
func (v *Variant) Tracks() [Races]Track { return v.tracks }

// Longest is the number of spaces of the variant's longest track.
func (v *Variant) Longest() int {
	n := 0
	for _, t := range v.tracks {
		n = max(n, t.Spaces)
	}
	return n
}

// Plain reports whether the variant's numbers are its base board's own:
// it is then that board, whatever its name, and a log played on it names
// the board rather than a variant.
func (v *Variant) Plain() bool { return v.tracks == v.base.Tracks() }

// Digest is the variant's fingerprint, engine.Digest: what a log's variant
// line carries.
func (v *Variant) Digest() string { return engine.Digest(v) }

// Params are the variant's numbers, race by race from race 2, each race's
// spaces, double line, first and second prizes: keys race.R.spaces,
// race.R.line, race.R.first and race.R.second. Each points into v.
// Their bounds are Check's, but for what one number asks of another (a
// line inside its track).
func (v *Variant) Params() []engine.Param {
	ps := make([]engine.Param, 0, 4*Races)
	for i := range v.tracks {
		t := &v.tracks[i]
		r := t.Race
		key := fmt.Sprintf("race.%d.", r)
		doc := fmt.Sprintf("spaces of race %d's tracks: filling one wins the race", r)
		if maxSpaces(r) == MaxBeside {
			// Races 2 and 3 go to MaxTrack: say why these two do not.
			doc += fmt.Sprintf("; at most %d, as races 11 and 12 share the sheet's lines with its Players table", MaxBeside)
		}
		ps = append(ps,
			engine.Param{Key: key + "spaces", Doc: doc,
				Int: &t.Spaces, Min: 1, Max: maxSpaces(r)},
			engine.Param{Key: key + "line", Doc: fmt.Sprintf("race %d's double line is drawn after this space (0: before the first); a track past it may take 2nd place", r),
				Int: &t.Line, Min: 0, Max: MaxTrack - 1},
			engine.Param{Key: key + "first", Doc: fmt.Sprintf("points race %d pays its winner (the large flag)", r),
				Int: &t.First, Min: 0, Max: MaxPrize},
			engine.Param{Key: key + "second", Doc: fmt.Sprintf("points race %d pays for 2nd place (the small flag)", r),
				Int: &t.Second, Min: 0, Max: MaxPrize},
		)
	}
	return ps
}

// Check says whether the rules can play the board: nil, or a
// *engine.SetupError whose Part is the key of the number at fault. Every
// track has 1 to MaxTrack spaces (races 11 and 12, beside the sheet's
// Players table, 1 to MaxBeside); its double line is drawn after space 0
// (before the first) to the one before the last; prizes are 0 to
// MaxPrize; and a race that pays 2nd place leaves room past its line for
// a track that is not full.
func (v *Variant) Check() error {
	if int(v.base) >= len(boardNames) {
		return engine.SetupErrorf("base", "there is no board %d: the boards are %s", v.base, engine.And(boardNames[:]))
	}
	for i, t := range v.tracks {
		r := FirstRace + i
		key := func(what string) string { return fmt.Sprintf("race.%d.%s", r, what) }
		switch {
		case t.Race != r:
			return engine.SetupErrorf(key("spaces"), "the track of race %d is numbered %d", r, t.Race)
		case t.Spaces < 1:
			return engine.SetupErrorf(key("spaces"), "race %d has %s: a track has at least one space", r, spacesNoun(t.Spaces))
		case t.Spaces > maxSpaces(r) && maxSpaces(r) == MaxBeside:
			return engine.SetupErrorf(key("spaces"), "race %d has %d spaces: its tracks share their lines with the sheet's Players table, which leaves room for at most %d",
				r, t.Spaces, MaxBeside)
		case t.Spaces > MaxTrack:
			return engine.SetupErrorf(key("spaces"), "race %d has %d spaces: the sheet prints tracks of at most %d", r, t.Spaces, MaxTrack)
		case t.Line < 0:
			return engine.SetupErrorf(key("line"), "race %d's double line after space %d: it goes after space 0 (before the first) or later", r, t.Line)
		case t.Line >= t.Spaces:
			return engine.SetupErrorf(key("line"), "race %d's double line after space %d is past the end of its track of %s: it goes after space 0 to %d",
				r, t.Line, spacesNoun(t.Spaces), t.Spaces-1)
		case t.First < 0 || t.First > MaxPrize:
			return engine.SetupErrorf(key("first"), "race %d pays %s to its winner: a prize is 0 to %d", r, Count(t.First, "point", "points"), MaxPrize)
		case t.Second < 0 || t.Second > MaxPrize:
			return engine.SetupErrorf(key("second"), "race %d pays %s for 2nd place: a prize is 0 to %d", r, Count(t.Second, "point", "points"), MaxPrize)
		case t.Second > 0 && t.Spaces == 1:
			return engine.SetupErrorf(key("second"), "race %d pays %s for 2nd place, but its track of one space leaves no room for it: "+
				"the first mark wins the race; pay nothing for 2nd place", r, Count(t.Second, "point", "points"))
		case t.Second > 0 && t.Need() >= t.Spaces:
			return engine.SetupErrorf(key("line"), "race %d pays %s for 2nd place, but a track past its double line (after space %d of %d) would be full, "+
				"and the first full track wins: draw the line after space %d or earlier, or pay nothing for 2nd place",
				r, Count(t.Second, "point", "points"), t.Line, t.Spaces, t.Spaces-2)
		}
	}
	return nil
}

// maxSpaces is the longest track race may have.
func maxSpaces(race int) int {
	if race >= LastRace-1 {
		return MaxBeside
	}
	return MaxTrack
}

// spacesNoun writes a number of spaces: "no spaces", "one space", "13
// spaces".
func spacesNoun(n int) string {
	if n < 0 {
		return fmt.Sprintf("%d spaces", n)
	}
	return Count(n, "space", "spaces")
}

// NewGame starts a game of players players on the variant: column 1 rolls
// first. The game keeps a copy of the variant's numbers. A variant Check
// refuses is its *engine.SetupError.
func (v *Variant) NewGame(players int) (Game, error) {
	n, err := v.numbers()
	if err != nil {
		return Game{}, err
	}
	return newGame(n, players)
}

// NewSheet is NewGame for a game read from a finished sheet, as the
// package's NewSheet.
func (v *Variant) NewSheet(players int) (Game, error) {
	g, err := v.NewGame(players)
	g.sheet = true
	return g, err
}

// numbers are a board's numbers as the rules read them on every turn,
// worked out once when a game starts and never changed: a game points at
// them, so that it stays a plain value that copies in one assignment.
type numbers struct {
	v             Variant // a copy, never changed
	spaces, need  [Races]int8
	first, second [Races]int16
	digest        string // the variant's digest; "" for a standard board's own numbers
}

// boardNumbers are the standard boards' numbers, shared by every game
// played on them.
var boardNumbers = func() (n [2]*numbers) {
	for _, b := range Boards {
		n[b] = compile(b.Variant())
		n[b].digest = ""
	}
	return n
}()

// numbers returns the board's shared numbers.
func (b Board) numbers() *numbers { return boardNumbers[b&1] }

// numbers checks the variant and works its numbers out: the base board's
// own when it is Plain.
func (v *Variant) numbers() (*numbers, error) {
	if err := v.Check(); err != nil {
		return nil, err
	}
	if v.Plain() {
		return v.base.numbers(), nil
	}
	return compile(v), nil
}

func compile(v *Variant) *numbers {
	n := &numbers{v: *v, digest: v.Digest()}
	for i, t := range v.tracks {
		n.spaces[i] = int8(t.Spaces)
		n.need[i] = int8(t.Need())
		n.first[i] = int16(t.First)
		n.second[i] = int16(t.Second)
	}
	return n
}
