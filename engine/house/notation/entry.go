package notation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// A sheet transcript entered box by box: the boxes of a race's finished
// sheets that a scorekeeper copies (Boxes), each named as the sheets
// drawn on screen tag it (Box.Tag), and the transcript the values entered
// in them write (WriteEntry). Transcript.Entry reads a transcript back
// into its boxes.

// BoxKind says what a box of the finished sheets holds.
type BoxKind uint8

// The boxes a scorekeeper copies, in the order of a sheet from its top.
const (
	BoxJockey      BoxKind = iota + 1 // a Duel rider's jockey: its id
	BoxWager                          // the side wager's circles: the lane circled
	BoxLane                           // a box of a lane (of the field card, a horse's): the numbers written in it, the crossed-out first
	BoxFirst                          // a lane's first-home tick; on the field card, the race's first horse home
	BoxStake                          // a stake box of a horse's row on a bettor's slip: the odds written in it
	BoxSlips                          // the Slip track: how many boxes are shaded
	BoxFalseStarts                    // the False Start boxes: how many are shaded, the seventh the scratch
	BoxPhoto                          // a Photo box: the die in it
	BoxPurse                          // the tally's purse
)

// Box is one box of the finished sheets of a race.
type Box struct {
	Kind BoxKind
	Seat int  // the seat whose sheet or slip it is on; -1 for The Book's field card
	Lane int8 // the lane (on the field card or a slip, the horse), 1-6: BoxLane, BoxFirst, BoxStake
	N    int8 // the box in its row, from 1: BoxLane 1-7, BoxStake 1-5, BoxPhoto 1-6
}

// owner is whose the box is, at the head of its tag: a player's name, or
// nothing on the field card.
func (b Box) owner(names []string) string {
	if b.Seat < 0 || b.Seat >= len(names) {
		return ""
	}
	return names[b.Seat] + " "
}

// Tag names the box as the sheets drawn on screen tag it and as
// WriteEntry takes its value, its sheet's player named from names: "Ana
// lane 3 box 2", "Ana lane 3 first home", "horse 2 box 5" (the field
// card's), "Ana horse 1 stake 2", "Ana photo 4", "Ana false starts".
func (b Box) Tag(names []string) string {
	o := b.owner(names)
	switch b.Kind {
	case BoxJockey:
		return o + "jockey"
	case BoxWager:
		return o + "side wager"
	case BoxLane:
		if b.Seat < 0 {
			return fmt.Sprintf("horse %d box %d", b.Lane, b.N)
		}
		return fmt.Sprintf("%slane %d box %d", o, b.Lane, b.N)
	case BoxFirst:
		if b.Seat < 0 {
			return fmt.Sprintf("horse %d first home", b.Lane)
		}
		return fmt.Sprintf("%slane %d first home", o, b.Lane)
	case BoxStake:
		return fmt.Sprintf("%shorse %d stake %d", o, b.Lane, b.N)
	case BoxSlips:
		return o + "slips"
	case BoxFalseStarts:
		return o + "false starts"
	case BoxPhoto:
		return fmt.Sprintf("%sphoto %d", o, b.N)
	case BoxPurse:
		return o + "purse"
	}
	return fmt.Sprintf("%sbox %d", o, b.Kind)
}

// SheetName is the heading of the sheet the box is on, its player named
// from names: "Ana's sheet", in The Book "Ana's slip", and "The field
// card".
func (b Box) SheetName(names []string, m house.Mode) string {
	switch {
	case b.Seat < 0 || b.Seat >= len(names):
		return "The field card"
	case m == house.Book:
		return names[b.Seat] + "'s slip"
	}
	return names[b.Seat] + "'s sheet"
}

// Row is the label of the box's group on its sheet ("lane 3", "stakes on
// horse 1", "photos"), and Label the box's own in its row: its number
// there, the lane of a first-home tick, or "" for a box alone.
func (b Box) Row() (row, label string) {
	horse := b.Seat < 0
	switch b.Kind {
	case BoxLane:
		if horse {
			return fmt.Sprintf("horse %d", b.Lane), strconv.Itoa(int(b.N))
		}
		return fmt.Sprintf("lane %d", b.Lane), strconv.Itoa(int(b.N))
	case BoxFirst:
		return "first home", strconv.Itoa(int(b.Lane))
	case BoxStake:
		return fmt.Sprintf("stakes on horse %d", b.Lane), strconv.Itoa(int(b.N))
	case BoxPhoto:
		return "photos", strconv.Itoa(int(b.N))
	}
	return strings.TrimPrefix(b.Tag(nil), " "), ""
}

// Group names the boxes filled one after another that b is one of: a
// lane's ("Ana lane 3", "horse 3"), a horse's stakes ("Ana horse 1"), a
// sheet's first-home ticks or photos; a box alone otherwise.
func (b Box) Group(names []string) string {
	o := b.owner(names)
	switch b.Kind {
	case BoxLane:
		if b.Seat < 0 {
			return fmt.Sprintf("horse %d", b.Lane)
		}
		return fmt.Sprintf("%slane %d", o, b.Lane)
	case BoxFirst:
		return o + "first home"
	case BoxStake:
		return fmt.Sprintf("%shorse %d", o, b.Lane)
	case BoxPhoto:
		return o + "photos"
	}
	return b.Tag(names)
}

// Boxes are the boxes of the finished sheets of a race with header h (its
// mode and players), in the order a scorekeeper copies them: The Book's
// field card first, then each player's sheet or slip from its top.
func Boxes(h *Header) []Box {
	var out []Box
	lanes := func(seat int) {
		for l := int8(1); l <= house.Lanes; l++ {
			for n := int8(1); n <= house.Boxes; n++ {
				out = append(out, Box{Kind: BoxLane, Seat: seat, Lane: l, N: n})
			}
		}
		for l := int8(1); l <= house.Lanes; l++ {
			out = append(out, Box{Kind: BoxFirst, Seat: seat, Lane: l})
		}
	}
	if h.Mode == house.Book {
		lanes(-1)
	}
	for p := range h.Players {
		switch h.Mode {
		case house.Book:
			for l := int8(1); l <= house.Lanes; l++ {
				for n := int8(1); n <= house.StakesPerSlip; n++ {
					out = append(out, Box{Kind: BoxStake, Seat: p, Lane: l, N: n})
				}
			}
		case house.Duel:
			out = append(out, Box{Kind: BoxJockey, Seat: p})
			fallthrough
		default:
			out = append(out, Box{Kind: BoxWager, Seat: p})
			lanes(p)
		}
		out = append(out, Box{Kind: BoxSlips, Seat: p}, Box{Kind: BoxFalseStarts, Seat: p})
		for n := int8(1); n <= house.PhotoBoxes; n++ {
			out = append(out, Box{Kind: BoxPhoto, Seat: p, N: n})
		}
		out = append(out, Box{Kind: BoxPurse, Seat: p})
	}
	return out
}

// Sheet is the box as the screen offers it to be filled on the sheets of
// mode m, its sheet's player named from names: its tag and group, a tick, the keys a lane
// box takes beside its numbers (x for a number crossed out, and on the
// sheet of a rider whose jockey, in values, is Double up or Turnaround,
// d or t), the minus of a purse, and a jockey's ids.
func (b Box) Sheet(m house.Mode, names []string, values map[string]string) engine.SheetBox {
	sb := engine.SheetBox{Tag: b.Tag(names), Sheet: b.SheetName(names, m), Group: b.Group(names)}
	sb.Row, sb.Label = b.Row()
	switch b.Kind {
	case BoxFirst:
		sb.Tick = true
	case BoxLane:
		sb.Keys = []engine.SheetKey{{Key: "x", Label: "crossed out by an arrow"}}
		j, _ := house.ParseJockey(values[Box{Kind: BoxJockey, Seat: b.Seat}.Tag(names)])
		switch j {
		case house.DoubleUp:
			sb.Keys = append(sb.Keys, engine.SheetKey{Key: "d", Label: house.DoubleUp.Name() + "'s free box"})
		case house.Turnaround:
			sb.Keys = append(sb.Keys, engine.SheetKey{Key: "t", Label: "where " + house.Turnaround.Name() + " was declared"})
		}
	case BoxPurse:
		sb.Keys = []engine.SheetKey{{Key: "-", Label: "a loss"}}
	case BoxJockey:
		sb.Values, sb.Labels = []string{""}, []string{"none"}
		for _, j := range house.Jockeys {
			sb.Values = append(sb.Values, j.String())
			sb.Labels = append(sb.Labels, j.Name())
		}
	}
	return sb
}

// WriteEntry writes the sheet transcript of a race from what its
// finished sheets show, box by box: h says the game, the players, the
// layout, the call and, in The Duel and riding alone, firsthome (its
// jockeys, wagers and rail are not read); values are the values entered,
// by tag (Box.Tag), a box left out being blank. A jockey, a side wager and
// The Book's first-home tick are header statements, a lane's boxes one
// lane line (their numbers in box order), a sheet's photos, first-home
// ticks and stakes one line each (stakes horse by horse), and a sheet
// with nothing entered its sheet line alone. It writes what the boxes say,
// within the rules or not, and no more: check judges it. A value no box
// takes is an error (engine.BoxValue).
func WriteEntry(h *Header, values map[string]string) (*engine.SheetText, error) {
	var err error
	val := func(b Box) (string, string) {
		tag := b.Tag(h.Players)
		v, e := engine.BoxValue(tag, values[tag])
		if e != nil && err == nil {
			err = e
		}
		return tag, v
	}
	t := new(engine.SheetText)
	t.Addf(nil, "game %s", h.Mode)
	t.Addf(nil, "players %s", strings.Join(h.Players, " "))
	if h.Layout != 0 {
		t.Addf(nil, "layout %d", h.Layout)
	}
	if h.Call != 0 && h.Call != house.DefaultCall {
		t.Addf(nil, "call %d", h.Call)
	}
	for _, k := range []struct {
		kind  BoxKind
		word  string
		modes []house.Mode
	}{{BoxJockey, "jockey", []house.Mode{house.Duel}}, {BoxWager, "wager", []house.Mode{house.Duel, house.Solo}}} {
		if !slices.Contains(k.modes, h.Mode) {
			continue
		}
		for p, name := range h.Players {
			if tag, v := val(Box{Kind: k.kind, Seat: p}); v != "" {
				t.Addf([]string{tag}, "%s %s %s", k.word, name, v)
			}
		}
	}
	if h.Mode == house.Book {
		for l := int8(1); l <= house.Lanes; l++ {
			if tag, v := val(Box{Kind: BoxFirst, Seat: -1, Lane: l}); v != "" {
				t.Addf([]string{tag}, "firsthome %d", l)
			}
		}
		t.Add(nil)
		t.Add([]byte("field"))
		for l := int8(1); l <= house.Lanes; l++ {
			laneLine(t, val, -1, l)
		}
	} else if h.FirstHome != 0 {
		t.Addf(nil, "firsthome %d", h.FirstHome)
	}
	for p, name := range h.Players {
		t.Add(nil)
		t.Add([]byte("sheet " + name))
		if h.Mode == house.Book {
			var ws, tags []string
			for l := int8(1); l <= house.Lanes; l++ {
				for n := int8(1); n <= house.StakesPerSlip; n++ {
					if tag, v := val(Box{Kind: BoxStake, Seat: p, Lane: l, N: n}); v != "" {
						ws = append(ws, fmt.Sprintf("%dx%s", l, strings.TrimLeft(v, "xX")))
						tags = append(tags, tag)
					}
				}
			}
			if len(ws) > 0 {
				t.Add([]byte("stakes "+strings.Join(ws, " ")), tags...)
			}
		} else {
			for l := int8(1); l <= house.Lanes; l++ {
				laneLine(t, val, p, l)
			}
			var ws, tags []string
			for l := int8(1); l <= house.Lanes; l++ {
				if tag, v := val(Box{Kind: BoxFirst, Seat: p, Lane: l}); v != "" {
					ws, tags = append(ws, strconv.Itoa(int(l))), append(tags, tag)
				}
			}
			if len(ws) > 0 {
				t.Add([]byte("first "+strings.Join(ws, " ")), tags...)
			}
		}
		if tag, v := val(Box{Kind: BoxSlips, Seat: p}); v != "" {
			t.Add([]byte("slips "+v), tag)
		}
		if tag, v := val(Box{Kind: BoxFalseStarts, Seat: p}); v != "" {
			t.Add([]byte("falsestarts "+v), tag)
		}
		var ws, tags []string
		for n := int8(1); n <= house.PhotoBoxes; n++ {
			if tag, v := val(Box{Kind: BoxPhoto, Seat: p, N: n}); v != "" {
				ws, tags = append(ws, v), append(tags, tag)
			}
		}
		if len(ws) > 0 {
			t.Add([]byte("photos "+strings.Join(ws, " ")), tags...)
		}
		if tag, v := val(Box{Kind: BoxPurse, Seat: p}); v != "" {
			t.Add([]byte("purse "+v), tag)
		}
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// laneLine writes lane l of seat's sheet (-1: the field card) from its
// boxes, when any holds a number: each box's numbers in turn.
func laneLine(t *engine.SheetText, val func(Box) (string, string), seat int, l int8) {
	var ws, tags []string
	for n := int8(1); n <= house.Boxes; n++ {
		if tag, v := val(Box{Kind: BoxLane, Seat: seat, Lane: l, N: n}); v != "" {
			ws, tags = append(ws, splitBox(v)...), append(tags, tag)
		}
	}
	if len(ws) > 0 {
		t.Add(fmt.Appendf(nil, "lane %d %s", l, strings.Join(ws, " ")), tags...)
	}
}

// splitBox splits the value of a lane's box into the numbers written in
// it, as a lane line writes them: a new one at each digit, the marks after
// a digit (x, d, t) its own. "5x6" is 5 crossed out, then 6; what comes
// before the first digit stays with it.
func splitBox(v string) []string {
	var out []string
	start := 0
	for i := 0; i < len(v); i++ {
		if v[i] >= '0' && v[i] <= '9' && i > start && strings.ContainsAny(v[start:i], "0123456789") {
			out = append(out, v[start:i])
			start = i
		}
	}
	if start < len(v) {
		out = append(out, v[start:])
	}
	return out
}

// Entry is what the finished sheets of transcript t show, box by box: the
// value of each box by its tag (Box.Tag), as WriteEntry takes them. The
// jockeys, the side wagers and The Book's firsthome are in their boxes;
// the layout, the call and the firsthome of The Duel and riding alone
// stay in t's header, and its draw for the rail, which settles nothing on
// paper, is not read. Each number of a lane is in the box it was written
// in: the next box, or the box of a number crossed out just before it.
func (t *Transcript) Entry() map[string]string {
	h := &t.Header
	out := map[string]string{}
	set := func(b Box, v string) { out[b.Tag(h.Players)] = v }
	lanes := func(seat int, ls []Lane) {
		for _, l := range ls {
			var boxes [house.Boxes]string
			live, crossed := 0, 0
			for _, x := range l.Boxes {
				at := live + crossed
				if x.Struck {
					crossed++
				} else {
					at, live, crossed = live, live+1, 0
				}
				at = min(at, house.Boxes-1)
				boxes[at] += boxText(x)
			}
			for n, v := range boxes {
				if v != "" {
					set(Box{Kind: BoxLane, Seat: seat, Lane: l.Lane, N: int8(n + 1)}, v)
				}
			}
		}
	}
	for p := range h.Players {
		if h.Jockeys[p] != house.NoJockey {
			set(Box{Kind: BoxJockey, Seat: p}, h.Jockeys[p].String())
		}
		if h.Wagers[p] != 0 {
			set(Box{Kind: BoxWager, Seat: p}, strconv.Itoa(h.Wagers[p]))
		}
	}
	if h.Mode == house.Book && h.FirstHome != 0 {
		set(Box{Kind: BoxFirst, Seat: -1, Lane: int8(h.FirstHome)}, "1")
	}
	if t.Field != nil {
		lanes(-1, t.Field.Lanes)
	}
	for i := range t.Sheets {
		s := &t.Sheets[i]
		lanes(s.Seat, s.Lanes)
		for _, l := range s.First.N {
			set(Box{Kind: BoxFirst, Seat: s.Seat, Lane: l}, "1")
		}
		for n, d := range s.Photos.N {
			set(Box{Kind: BoxPhoto, Seat: s.Seat, N: int8(n + 1)}, strconv.Itoa(int(d)))
		}
		var used [house.Lanes]int8
		for _, k := range s.Stakes.Stakes {
			used[k.Horse-1]++
			set(Box{Kind: BoxStake, Seat: s.Seat, Lane: k.Horse, N: used[k.Horse-1]}, strconv.Itoa(int(k.Times)))
		}
		for _, c := range []struct {
			k BoxKind
			c Count
		}{{BoxSlips, s.Slips}, {BoxFalseStarts, s.FalseStarts}, {BoxPurse, s.Purse}} {
			if c.c.Line != 0 {
				set(Box{Kind: c.k, Seat: s.Seat}, strconv.Itoa(c.c.N))
			}
		}
	}
	return out
}

// boxText is a number of a lane as a box's value holds it: the digit,
// then its marks.
func boxText(b house.Box) string {
	s := string(digit(b.N))
	if b.Struck {
		s += "x"
	}
	if b.Double {
		s += "d"
	}
	if b.Turnaround {
		s += "t"
	}
	return s
}

// EntryFacts are the facts of a transcript's header that the scorekeeper
// gives for a race of mode before its boxes: the layout die, the call,
// and in The Duel and riding alone the lane of the first horse home (The
// Book ticks it on the field card). An unknown mode has none.
func EntryFacts(mode string) []engine.SheetFact {
	m, err := house.ParseMode(mode)
	if err != nil {
		return nil
	}
	lanes := func(label string) ([]string, []string) {
		vs, ls := []string{""}, []string{label}
		for l := 1; l <= house.Lanes; l++ {
			vs, ls = append(vs, strconv.Itoa(l)), append(ls, fmt.Sprintf("lane %d", l))
		}
		return vs, ls
	}
	layout := engine.SheetFact{Key: "layout", Label: "layout die", Values: []string{""}, Labels: []string{"not chosen yet"}}
	for r := 1; r < len(house.Layouts); r++ {
		l := house.Layouts[r]
		layout.Values = append(layout.Values, strconv.Itoa(r))
		layout.Labels = append(layout.Labels, fmt.Sprintf("%d: Carrot %s, Camera %s", r, l.Carrot, l.Camera))
	}
	call := engine.SheetFact{Key: "call", Label: "horses home that call the race", Values: []string{""}, Labels: []string{fmt.Sprintf("%d, as the rules say", house.DefaultCall)}}
	for n := 1; n <= house.Lanes; n++ {
		if n != house.DefaultCall {
			call.Values = append(call.Values, strconv.Itoa(n))
			call.Labels = append(call.Labels, strconv.Itoa(n))
		}
	}
	out := []engine.SheetFact{layout, call}
	if m != house.Book {
		f := engine.SheetFact{Key: "firsthome", Label: "lane of the first horse home"}
		f.Values, f.Labels = lanes("not written")
		out = append(out, f)
	}
	return out
}

// EntryHeader is the header of the transcript of setup s: its mode, its
// players, and the facts EntryFacts names. A mode the house game does not
// have, a name that is not one, or a fact that is no number is a
// *engine.SetupError; whether the header keeps the rules is the
// referee's to say, as check says it of a file.
func EntryHeader(s engine.SheetSetup) (*Header, error) {
	m, err := house.ParseMode(s.Mode)
	if err != nil {
		return nil, engine.SetupErrorf(engine.PartMode, "%v", err)
	}
	if err := s.CheckNames(); err != nil {
		return nil, err
	}
	h := &Header{Mode: m, Players: s.Players}
	if h.Layout, err = s.Fact("layout"); err != nil {
		return nil, err
	}
	if h.Call, err = s.Fact("call"); err != nil {
		return nil, err
	}
	if m != house.Book {
		if h.FirstHome, err = s.Fact("firsthome"); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// EntryBoxes are the boxes of the sheets of setup s as the screen offers
// them (Box.Sheet), with the values entered so far: a jockey gives its
// rider's lanes their keys.
func EntryBoxes(s engine.SheetSetup, values map[string]string) ([]engine.SheetBox, error) {
	h, err := EntryHeader(s)
	if err != nil {
		return nil, err
	}
	bs := Boxes(h)
	out := make([]engine.SheetBox, len(bs))
	for i, b := range bs {
		out[i] = b.Sheet(h.Mode, h.Players, values)
	}
	return out, nil
}

// EntryText writes the transcript of setup s from the values entered in
// its boxes (WriteEntry).
func EntryText(s engine.SheetSetup, values map[string]string) (*engine.SheetText, error) {
	h, err := EntryHeader(s)
	if err != nil {
		return nil, err
	}
	return WriteEntry(h, values)
}

// EntryRead reads a sheet transcript back into the setup and the boxes it
// was entered as (Transcript.Entry); a log that is not a transcript, or a
// file the notation cannot read, is its *engine.Error.
func EntryRead(src []byte) (engine.SheetSetup, map[string]string, error) {
	t, err := DecodeTranscriptBytes(src)
	if err != nil {
		return engine.SheetSetup{}, nil, err
	}
	h := &t.Header
	if h.Variant != "" {
		// The boxes hold no variant: written again, the transcript would
		// be judged on the standard board.
		return engine.SheetSetup{}, nil, errorf(h.Lines.Variant, "a transcript of a race on a variant board (%s) is not entered box by box: check it as a file, with --variant", h.Variant)
	}
	s := engine.SheetSetup{Mode: h.Mode.String(), Players: h.Players, Facts: map[string]string{}}
	if h.Layout != 0 {
		s.Facts["layout"] = strconv.Itoa(h.Layout)
	}
	if h.Call != 0 && h.Call != house.DefaultCall {
		s.Facts["call"] = strconv.Itoa(h.Call)
	}
	if h.Mode != house.Book && h.FirstHome != 0 {
		s.Facts["firsthome"] = strconv.Itoa(h.FirstHome)
	}
	return s, t.Entry(), nil
}
