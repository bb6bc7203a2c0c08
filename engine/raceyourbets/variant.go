package raceyourbets

import (
	"fmt"

	"furlong/engine"
)

// gameKeyword is the game's word, as a variant file and a log's game line
// name it.
const gameKeyword = "raceyourbets"

// Variant is a board of Race Your Bets with its numbers as a designer sets
// them: the standard board it starts from, each track's spaces and medals,
// and the finish. It implements engine.Variant: Params point into its
// fields, so that reading a variant file sets them, and Check says whether
// the rules can play it. Tables freezes it into the numbers a game plays
// by.
type Variant struct {
	name string
	base Board
	// Spaces, Gold and Silver are each track's spaces and medals, horse 1
	// first.
	Spaces, Gold, Silver [Horses]int
	// Finish is the score track's length: the points that end the game.
	Finish int
}

// Standard returns the standard board base ("graded" or "level"; "" for
// the default, graded) as a variant, to the default finish: the numbers a
// designer starts from. An unknown base is a *engine.SetupError about the
// "board".
func Standard(base string) (*Variant, error) {
	b := Graded
	if base != "" {
		var ok bool
		if b, ok = ParseBoard(base); !ok {
			return nil, engine.SetupErrorf("board", "Race Your Bets has no board %s: the boards are graded and level", engine.Quote([]byte(base)))
		}
	}
	v := &Variant{name: b.String(), base: b, Finish: DefaultFinish}
	for h, t := range standard[b].tracks {
		v.Spaces[h], v.Gold[h], v.Silver[h] = int(t.Spaces), int(t.Gold), int(t.Silver)
	}
	return v, nil
}

// Game returns "raceyourbets".
func (v *Variant) Game() string { return gameKeyword }

// Base returns the standard board the variant starts from: "graded" or
// "level".
func (v *Variant) Base() string { return v.base.String() }

// Board returns the standard board the variant starts from.
func (v *Variant) Board() Board { return v.base }

// Name returns the variant's name, as a log's variant line writes it: the
// base board's keyword until SetName gives another.
func (v *Variant) Name() string { return v.name }

// SetName names the variant: one word of 1 to 32 letters, digits, '_',
// '-' or '.', starting with a letter or a digit, so that a log's variant
// line can hold it.
func (v *Variant) SetName(name string) error {
	if msg := checkVariantName(name); msg != "" {
		return fmt.Errorf("variant name %s: %s", engine.Quote([]byte(name)), msg)
	}
	v.name = name
	return nil
}

// checkVariantName says what is wrong with a variant's name, or "".
func checkVariantName(name string) string {
	if name == "" || len(name) > 32 {
		return "a name is 1 to 32 characters"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !letter && (i == 0 || c != '_' && c != '-' && c != '.') {
			return "a name is one word of letters, digits, '_', '-' and '.', starting with a letter or a digit"
		}
	}
	return ""
}

// CheckVariantName reports whether name can name a variant on a log's
// variant line (see SetName).
func CheckVariantName(name string) bool { return checkVariantName(name) == "" }

// The keys of a variant's params.
const (
	// KeyFinish is the key of the finish.
	KeyFinish = "finish"
)

// TrackKey is the key of one number of track h: "track.3.spaces",
// "track.3.gold", "track.3.silver".
func TrackKey(h int, what string) string { return fmt.Sprintf("track.%d.%s", h, what) }

// Params are the board's numbers, horse 1's track first (its spaces, gold
// and silver), then the finish, each pointing into v.
func (v *Variant) Params() []engine.Param {
	ps := make([]engine.Param, 0, 3*Horses+1)
	for h := 1; h <= Horses; h++ {
		ps = append(ps,
			engine.Param{Key: TrackKey(h, "spaces"), Doc: fmt.Sprintf("spaces of track %d, from its start box to the finish line", h),
				Int: &v.Spaces[h-1], Min: 1, Max: MaxSpaces},
			engine.Param{Key: TrackKey(h, "gold"), Doc: fmt.Sprintf("points of track %d's gold medal, paid when horse %d crosses first", h, h),
				Int: &v.Gold[h-1], Min: 0, Max: MaxPays},
			engine.Param{Key: TrackKey(h, "silver"), Doc: fmt.Sprintf("points of track %d's silver medal, paid when horse %d crosses second", h, h),
				Int: &v.Silver[h-1], Min: 0, Max: MaxPays})
	}
	return append(ps, engine.Param{Key: KeyFinish, Doc: "the score track's length: the points that end the game",
		Int: &v.Finish, Min: MinFinish, Max: MaxFinish})
}

// Check says whether the rules can play the board: nil, or a
// *engine.SetupError whose Part is the key at fault. Every track holds 1
// to MaxSpaces spaces, every medal pays 0 to MaxPays, the finish is
// MinFinish to MaxFinish, and some medal pays a point: a pass never
// reaches the finish, so a board whose medals pay nothing is a game that
// never ends.
func (v *Variant) Check() error {
	for h := 1; h <= Horses; h++ {
		switch n := v.Spaces[h-1]; {
		case n < 1:
			return engine.SetupErrorf(TrackKey(h, "spaces"), "track %d has %s: a track has 1 to %d spaces", h, engine.Count(n, "space", "spaces"), MaxSpaces)
		case n > MaxSpaces:
			return engine.SetupErrorf(TrackKey(h, "spaces"), "track %d has %d spaces: the board holds tracks of at most %d", h, n, MaxSpaces)
		}
		for _, m := range []struct {
			what string
			pays int
		}{{"gold", v.Gold[h-1]}, {"silver", v.Silver[h-1]}} {
			switch {
			case m.pays < 0:
				return engine.SetupErrorf(TrackKey(h, m.what), "track %d's %s pays %d: a medal pays 0 or more, never takes points away", h, m.what, m.pays)
			case m.pays > MaxPays:
				return engine.SetupErrorf(TrackKey(h, m.what), "track %d's %s pays %d: a medal pays at most %d", h, m.what, m.pays, MaxPays)
			}
		}
	}
	if !CheckFinish(v.Finish) {
		return engine.SetupErrorf(KeyFinish, "finish %d: the score track is %d to %d long", v.Finish, MinFinish, MaxFinish)
	}
	if v.maxPays() == 0 {
		return engine.SetupErrorf(KeyFinish, "no medal pays a point, and a pass never reaches the finish: no game could reach %d", v.Finish)
	}
	if int(v.base) >= len(standard) {
		return engine.SetupErrorf("board", "no board %d to start from", v.base)
	}
	return nil
}

func (v *Variant) maxPays() int {
	m := 0
	for h := range Horses {
		m = max(m, v.Gold[h], v.Silver[h])
	}
	return m
}

// Tables returns the numbers a game on the variant plays by, after Check:
// the standard board's own tables when the tracks are its base's (the
// finish is the game's, not the board's), a frozen copy otherwise, which
// later changes to v do not reach.
func (v *Variant) Tables() (*Tables, error) {
	if err := v.Check(); err != nil {
		return nil, err
	}
	t := Tables{base: v.base}
	for h := range Horses {
		t.tracks[h] = Track{Spaces: int8(v.Spaces[h]), Gold: int8(v.Gold[h]), Silver: int8(v.Silver[h])}
	}
	if t.tracks == standard[v.base].tracks {
		return &standard[v.base], nil
	}
	return &t, nil
}

// StandardTracks reports whether the variant's tracks are those of its
// base board: a game on it is a game on the standard board, to the
// variant's finish, and its log names no variant.
func (v *Variant) StandardTracks() bool {
	for h, t := range standard[v.base].tracks {
		if v.Spaces[h] != int(t.Spaces) || v.Gold[h] != int(t.Gold) || v.Silver[h] != int(t.Silver) {
			return false
		}
	}
	return true
}

// AsVariant reads an engine.Variant as Race Your Bets' own: nil stays nil,
// and another game's variant is a *engine.SetupError about the "variant".
func AsVariant(v engine.Variant) (*Variant, error) {
	if v == nil {
		return nil, nil
	}
	rv, ok := v.(*Variant)
	if !ok {
		return nil, engine.SetupErrorf("variant", "the variant %s is a board of %s, not of Race Your Bets", engine.Quote([]byte(v.Name())), v.Game())
	}
	return rv, nil // nil when v is a nil *Variant
}
