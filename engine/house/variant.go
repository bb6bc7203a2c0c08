package house

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// Bounds of a variant's numbers: what the sheets print in their boxes and
// the rules can play.
const (
	// MaxPays bounds what a station pays, either way: three digits, as the
	// track's pay boxes print them.
	MaxPays = 100
	// MaxPhotoPays bounds what a photo set pays before The Book's
	// multiplier.
	MaxPhotoPays = 500
	// MaxTimes bounds a multiplier (BET, a stake, The Book's photos): one
	// digit, as the sheets print "x3".
	MaxTimes = 9
	// MaxBetTimes bounds what BET multiplies a lane's station by.
	MaxBetTimes = 4
	// LastCarrot is the furthest station the Carrot may stand at: its
	// free box must stay short of the Wire (the rulebook says so).
	LastCarrot = Turn2
)

// Numbers are the numbers a board of the house game plays by: what each
// station pays, where the Carrot and the Camera stand for each layout
// roll, what BET multiplies a lane by, what photo sets pay, and The Book's
// multipliers. They never change once made: a race points at them, so
// that it stays a plain value that copies in one assignment. The standard
// board's are StandardNumbers; a Variant makes a designer's.
type Numbers struct {
	pays       [Boxes + 1]int // by station; a horse not started pays nothing
	layouts    [7]Layout      // by layout roll, index 0 unused
	bet        int            // what BET multiplies a lane's station by
	photos     [PhotoBoxes + 1]int
	stakes     [Boxes + 1]int // The Book's multiplier by station; 0 at the Wire
	maxStake   int
	bookPhotos int
	// name and digest are the variant's; both "" for the standard board.
	name, digest string
}

// StandardNumbers are the standard board's numbers, shared by every race
// played on it.
var StandardNumbers = func() *Numbers {
	n := &Numbers{bet: 2, bookPhotos: BookPhotoTimes}
	copy(n.pays[:], stationPays[:])
	n.layouts = Layouts
	for c := range n.photos {
		n.photos[c] = PhotoSet(c)
	}
	for s := NotStarted; s < Wire; s++ {
		n.stakes[s] = s.Multiplier()
		n.maxStake = max(n.maxStake, n.stakes[s])
	}
	return n
}()

// numbersOr is n, or the standard board's numbers when n is nil.
func numbersOr(n *Numbers) *Numbers {
	if n == nil {
		return StandardNumbers
	}
	return n
}

// Standard reports whether n are the standard board's numbers: a race on
// them names no variant.
func (n *Numbers) Standard() bool { return n == nil || n.digest == "" }

// Name is the variant's name, "" for the standard board.
func (n *Numbers) Name() string { return n.name }

// Digest is the variant's digest (engine.Digest), as a log's variant line
// carries it; "" for the standard board.
func (n *Numbers) Digest() string { return n.digest }

// Pays is what a lane standing at s is worth before any multiplier.
func (n *Numbers) Pays(s Station) int {
	if s >= 0 && int(s) < len(n.pays) {
		return n.pays[s]
	}
	return 0
}

// Layout is the row of the layout table for a layout roll of 1-6.
func (n *Numbers) Layout(roll int) Layout {
	if roll >= 1 && roll <= 6 {
		return n.layouts[roll]
	}
	return Layout{}
}

// Layouts is the layout table, rolls 1 to 6.
func (n *Numbers) Layouts() []Layout { return n.layouts[1:] }

// Bet is what BET multiplies a lane's station by.
func (n *Numbers) Bet() int { return n.bet }

// PhotoSet is what c equal numbers among a player's photos pay before The
// Book's multiplier.
func (n *Numbers) PhotoSet(c int) int {
	if c >= 0 && c < len(n.photos) {
		return n.photos[c]
	}
	return 0
}

// BookPhotos is what The Book multiplies photo sets by.
func (n *Numbers) BookPhotos() int { return n.bookPhotos }

// PhotoTimes is what mode m multiplies photo sets by: BookPhotos in The
// Book, one elsewhere.
func (n *Numbers) PhotoTimes(m Mode) int {
	if m.rules().field {
		return n.bookPhotos
	}
	return 1
}

// Stake is The Book's multiplier for backing a horse at s; 0 at the Wire,
// where a horse cannot be backed.
func (n *Numbers) Stake(s Station) int {
	if s >= 0 && int(s) < len(n.stakes) {
		return n.stakes[s]
	}
	return 0
}

// MaxStake is the highest multiplier a stake can have.
func (n *Numbers) MaxStake() int { return n.maxStake }

// LowestStake is the lowest multiplier a stake on a horse could have been
// placed at, if the horse never stood beyond station s before it was
// backed: LowestMultiplier on these numbers.
func (n *Numbers) LowestStake(s Station) int {
	low := 0
	for st := NotStarted; st <= min(s, StretchRun); st++ {
		if m := n.stakes[st]; low == 0 || m < low {
			low = m
		}
	}
	return low
}

// StakeGroups are The Book's multipliers highest first, each with the
// stations that give it: what the rulebook's table and the slip's key
// print.
func (n *Numbers) StakeGroups() []StakeGroup {
	var gs []StakeGroup
	for t := n.maxStake; t >= 1; t-- {
		var at []Station
		for s := NotStarted; s < Wire; s++ {
			if n.stakes[s] == t {
				at = append(at, s)
			}
		}
		if len(at) > 0 {
			gs = append(gs, StakeGroup{Times: t, Stations: at})
		}
	}
	return gs
}

// StakeGroup is one of The Book's multipliers and the stations that give
// it.
type StakeGroup struct {
	Times    int
	Stations []Station
}

// LaneMultiplier is LaneMultiplier on these numbers: what a Duel or solo
// lane's station pay is multiplied by, BET counting Bet.
func (n *Numbers) LaneMultiplier(j Jockey, bet bool, opening int, live []int8) int {
	t := 1
	if bet {
		t = n.bet
	}
	switch {
	case j == Ace && opening == 1:
		return t * 2
	case j == Ace && opening >= 3:
		return 0
	case j == FiveAlike && FiveOfOne(live):
		return t * 2
	}
	return t
}

// stationKeys are the stations as a variant file's keys name them.
var stationKeys = [...]string{"notstarted", "gate", "turn1", "backstretch", "turn2", "stretch", "stretchrun", "wire"}

// setKeys are photo sets of two to six as a variant file's keys name them.
var setKeys = [...]string{2: "pair", 3: "three", 4: "four", 5: "five", 6: "six"}

// Variant is a board of the house game as a designer sets it, starting
// from the standard board: what each station pays, the layout table, what
// BET multiplies a lane by, what photo sets pay, and The Book's stake
// multipliers and photo multiplier. It implements engine.Variant: its
// Params point at its numbers, so that a variant file sets them, and
// Check says whether the rules can play the board. The jockeys are the
// same on every board.
//
// A race copies nothing of a variant: Numbers makes the board's numbers
// once, and every race on them points at them, so a variant changed
// afterwards changes no race in progress.
type Variant struct {
	// VariantName names the variant: "standard" until SetName gives it a
	// name.
	engine.VariantName
	// pays, stakes: by station (pays from the Gate, stakes from not
	// started to the Stretch Run); layouts: each roll's Carrot and
	// Camera stations; photos: what sets of two to six pay.
	pays       [Boxes + 1]int
	stakes     [Boxes + 1]int
	layouts    [6][2]int
	bet        int
	photos     [PhotoBoxes + 1]int
	bookPhotos int
}

var _ engine.Variant = (*Variant)(nil)

// Base is the name of the house game's one standard board.
const Base = "standard"

// Bases are the standard boards a variant may start from: one.
var Bases = []string{Base}

// StandardVariant returns the standard board as a variant named after it
// (base "" or "standard"). An unknown base is a *engine.SetupError about
// the base.
func StandardVariant(base string) (*Variant, error) {
	if base != "" && base != Base {
		return nil, engine.SetupErrorf("base", "there is no board %s: the house game has one board, %s", engine.Quote([]byte(base)), Base)
	}
	n := StandardNumbers
	v := &Variant{VariantName: Base, bet: n.bet, bookPhotos: n.bookPhotos, pays: n.pays, stakes: n.stakes, photos: n.photos}
	for r := 1; r <= 6; r++ {
		v.layouts[r-1] = [2]int{int(n.layouts[r].Carrot), int(n.layouts[r].Camera)}
	}
	return v, nil
}

// Game is the game's keyword, "house".
func (v *Variant) Game() string { return "house" }

// Base is the standard board the variant starts from: "standard".
func (v *Variant) Base() string { return Base }

// Clone returns an independent copy of the variant.
func (v *Variant) Clone() *Variant {
	c := *v
	return &c
}

// Plain reports whether the variant's numbers are the standard board's:
// it is then that board, whatever its name, and a log played on it names
// no variant.
func (v *Variant) Plain() bool {
	s, _ := StandardVariant("")
	s.VariantName = v.VariantName
	return *s == *v
}

// Digest is the variant's fingerprint, engine.Digest: what a log's variant
// line carries.
func (v *Variant) Digest() string { return engine.Digest(v) }

// Params are the variant's numbers, each pointing into v: station by
// station from not started to the Wire, what it pays (station.S.pays) and
// The Book's multiplier for a stake on a horse standing there
// (station.S.stake); the layout table, each roll's Carrot and Camera
// stations as box numbers (layout.R.carrot, layout.R.camera); what BET
// multiplies a lane by (bet.times); what photo sets pay (photo.pair.pays
// to photo.six.pays); and what The Book multiplies photo sets by
// (book.photos). Their bounds are Check's, but for what one number asks of
// another (a Carrot and a Camera at the same station).
func (v *Variant) Params() []engine.Param {
	var ps []engine.Param
	for s := NotStarted; s <= Wire; s++ {
		key := "station." + stationKeys[s] + "."
		if s > NotStarted {
			ps = append(ps, engine.Param{Key: key + "pays", Doc: fmt.Sprintf("dollars a horse standing at %s pays (box %d)", s, s),
				Int: &v.pays[s], Min: -MaxPays, Max: MaxPays})
		}
		if s < Wire {
			where := "standing at " + s.String()
			if s == NotStarted {
				where = "that has not started"
			}
			ps = append(ps, engine.Param{Key: key + "stake", Doc: "The Book: a stake on a horse " + where + " pays its station times this",
				Int: &v.stakes[s], Min: 1, Max: MaxTimes})
		}
	}
	for r := range v.layouts {
		key := fmt.Sprintf("layout.%d.", r+1)
		ps = append(ps,
			engine.Param{Key: key + "carrot", Doc: fmt.Sprintf("the Carrot's box on layout roll %d (1 Gate, 2 Turn 1, 3 Backstretch, 4 Turn 2)", r+1),
				Int: &v.layouts[r][0], Min: int(Gate), Max: int(LastCarrot)},
			engine.Param{Key: key + "camera", Doc: fmt.Sprintf("the Camera's box on layout roll %d (1 Gate to 7 Wire), not the Carrot's", r+1),
				Int: &v.layouts[r][1], Min: int(Gate), Max: int(Wire)})
	}
	ps = append(ps, engine.Param{Key: "bet.times", Doc: "BET: a lane opened on equal dice pays its station times this (The Duel and riding alone)",
		Int: &v.bet, Min: 1, Max: MaxBetTimes})
	for c := 2; c <= PhotoBoxes; c++ {
		ps = append(ps, engine.Param{Key: "photo." + setKeys[c] + ".pays", Doc: fmt.Sprintf("dollars %s equal photos pay", numberWord(c)),
			Int: &v.photos[c], Min: 0, Max: MaxPhotoPays})
	}
	ps = append(ps, engine.Param{Key: "book.photos", Doc: "The Book pays photo sets times this",
		Int: &v.bookPhotos, Min: 1, Max: MaxTimes})
	return ps
}

// Check says whether the rules can play the board: nil, or a
// *engine.SetupError whose Part is the key of the number at fault. Every
// number is within its param's bounds, and no layout roll puts the Carrot
// and the Camera at the same station.
func (v *Variant) Check() error {
	for _, p := range v.Params() {
		if *p.Int < p.Min || *p.Int > p.Max {
			return engine.SetupErrorf(p.Key, "%s is %d: it must be from %d to %d (%s)", p.Key, *p.Int, p.Min, p.Max, p.Doc)
		}
	}
	for r, l := range v.layouts {
		if l[0] == l[1] {
			return engine.SetupErrorf(fmt.Sprintf("layout.%d.camera", r+1),
				"layout roll %d puts the Carrot and the Camera both at %s: a station has one of them at most", r+1, Station(l[0]))
		}
	}
	return nil
}

// Numbers checks the variant and makes its numbers, the standard board's
// own when it is Plain: what a race on it points at. Made once, they never
// change; make them again after changing the variant. A variant Check
// refuses is its *engine.SetupError.
func (v *Variant) Numbers() (*Numbers, error) {
	if err := v.Check(); err != nil {
		return nil, err
	}
	if v.Plain() {
		return StandardNumbers, nil
	}
	n := &Numbers{pays: v.pays, bet: v.bet, photos: v.photos, bookPhotos: v.bookPhotos, stakes: v.stakes, name: v.Name(), digest: v.Digest()}
	n.pays[NotStarted], n.stakes[Wire], n.photos[0], n.photos[1] = 0, 0, 0, 0
	for r, l := range v.layouts {
		n.layouts[r+1] = Layout{Roll: r + 1, Carrot: Station(l[0]), Camera: Station(l[1])}
	}
	for s := NotStarted; s < Wire; s++ {
		n.maxStake = max(n.maxStake, n.stakes[s])
	}
	return n, nil
}

// Variant is the numbers as a variant of the standard board, named as
// they are ("standard" for the standard board's): what a designer starts
// from to change a board a race was played on.
func (n *Numbers) Variant() *Variant {
	v, _ := StandardVariant("")
	if !n.Standard() {
		v.VariantName = engine.VariantName(n.name)
	}
	v.pays, v.stakes, v.photos, v.bet, v.bookPhotos = n.pays, n.stakes, n.photos, n.bet, n.bookPhotos
	for r := 1; r <= 6; r++ {
		v.layouts[r-1] = [2]int{int(n.layouts[r].Carrot), int(n.layouts[r].Camera)}
	}
	return v
}

// StationKey is station s as a variant file's keys name it: "turn1".
func StationKey(s Station) string {
	if s >= 0 && int(s) < len(stationKeys) {
		return stationKeys[s]
	}
	return strings.ToLower(s.String())
}
