package house

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// Options are what is settled before the first roll.
type Options struct {
	Mode    Mode
	Players int                // seats, in clockwise order
	Layout  int                // the layout die, 1-6
	Call    int                // horses home that call the race; 0 means 3
	Jockeys [MaxPlayers]Jockey // The Duel: every player rides one or none
	Wagers  [MaxPlayers]int    // The Duel and solo: side wager lanes, 0 for none
	// Numbers are the board's numbers (Variant.Numbers); nil for the
	// standard board's.
	Numbers *Numbers
}

// Phase is the point a race has reached.
type Phase uint8

// The phases of a turn.
const (
	PhaseRoll    Phase = iota + 1 // waiting for the roll (The Book: stakes may come first)
	PhaseKeep                     // the roller plays the kept pair
	PhaseCut                      // the roller cuts the other four dice
	PhasePlay                     // players play pairs from the four dice
	PhaseRolloff                  // riders who came home together roll off
	PhaseOver                     // the race is over
)

var phaseNames = [...]string{"", "roll", "keep", "cut", "play", "roll-off", "over"}

// String names the phase: "roll", "keep", ...
func (p Phase) String() string { return engine.Named(phaseNames[:], int(p), "Phase") }

// Role is why a player holds a pair in a turn.
type Role uint8

// The roles.
const (
	RoleNone     Role = iota
	RoleKeep          // the roller's kept pair, any two of the six dice
	RoleChooser       // the chooser takes one of the two cut pairs
	RoleLeftover      // the roller plays the pair the chooser left
	RoleDraft         // The Duel: any two of the four dice
	RoleSolo          // riding alone: one of the two cut pairs
	RoleAlone         // nobody else can choose: the roller picks a cut pair
	RoleFree          // The Book, roller scratched by the kept pair: the chooser takes any two of the four
)

var roleNames = [...]string{"", "keep", "chooser", "leftover", "draft", "solo", "alone", "free"}

// String names the role: "keep", "chooser", ...
func (r Role) String() string { return engine.Named(roleNames[:], int(r), "Role") }

var roleWords = [...]string{
	RoleKeep:     "the roller's kept pair",
	RoleChooser:  "the chooser",
	RoleLeftover: "the roller's leftover pair",
	RoleDraft:    "a draft",
	RoleSolo:     "the cut pair",
	RoleAlone:    "the roller's pick of the cut",
	RoleFree:     "any two of the four dice",
}

// Describe says the role in words, for messages.
func (r Role) Describe() string { return engine.Named(roleWords[:], int(r), "Role") }

// picked reports whether the player chose this pair themselves, so that not
// playing it is a false start in The Duel even when it goes neither way.
func (r Role) picked() bool { return r != RoleLeftover && r != RoleSolo }

// slot is one pair still to be played in the current turn.
type slot struct {
	who  int8
	role Role
}

// Race is a race in progress. The zero value is not usable; call New.
// A Race holds no slices or maps, so `b := r` is an independent copy.
type Race struct {
	opt     Options
	mode    Mode
	n       int8
	course  course
	call    int8
	boards  [MaxPlayers]Board // The Book uses boards[0], the field card
	players [MaxPlayers]Player

	paper     bool // rebuilt from finished sheets (FromPaper), not played
	home      int8 // horses home, everyone's
	called    bool
	phase     Phase
	first     int8  // the seat that rolled first; -1 until the first roll
	firstLock bool  // the rail draw settled the first roller
	railTie   uint8 // seats tied for highest on the last line of the rail draw
	roller    int8
	turns     int16

	// This turn.
	dice        [Dice]int8
	rest        [4]int8
	cut         [2][2]int8
	leftover    [2]int8
	queue       [MaxPlayers + 1]slot
	qi, qn      int8
	backedBits  uint8 // Book: seats that backed a horse before this roll
	lastBackRel int8  // Book: the last backer's distance from the roller
	backOrder   [MaxPlayers]int8
	nback       int8         // Book: backers before the first roll, when the roller is unknown
	homeNow     [Lanes]uint8 // Duel/solo: bit p set when player p came home in lane this turn
	newHome     bool

	// First horse home of the race: its lane, 0 while nobody is home,
	// -1 when several lanes tied and nobody had a wager to settle.
	firstLane int8
	wireTie   uint8 // lanes (bits) rolling off for first home of the race
	laneTie   [Lanes]uint8

	// The record of the paper (record.go).
	records   [MaxPlayers][Lanes]laneRecord
	arrows    [MaxPlayers][maxArrows]int8
	narrows   [MaxPlayers]uint8
	homeOrder [Lanes]int8
	nhome     int8
}

// New starts a race with the given options. Its error is an
// *engine.Violation of
// the setup rules (rulings §3, §5, §8, §9), whose Part and Seat say which
// option breaks them.
func New(o Options) (Race, error) {
	var r Race
	err := r.Reset(o)
	return r, err
}

// Reset makes r a new race with options o, as New does, in r's own
// memory: the simulator plays every race of a table on one Race, copying
// none. On an error r is left as it was.
func (r *Race) Reset(o Options) error {
	if err := o.check(); err != nil {
		return err
	}
	if o.Call == 0 {
		o.Call = DefaultCall
	}
	num := numbersOr(o.Numbers)
	lay := num.layouts[o.Layout]
	*r = Race{}
	r.opt = o
	r.mode = o.Mode
	r.n = int8(o.Players)
	r.course = course{carrot: lay.Carrot, camera: lay.Camera, bet: !o.Mode.rules().field, num: num}
	r.call = int8(o.Call)
	for i := range r.n {
		r.players[i].jockey = o.Jockeys[i]
		r.players[i].wager = int8(o.Wagers[i])
	}
	r.phase = PhaseRoll
	r.first = -1
	r.roller = -1
	return nil
}

// check says whether the options keep the setup rules; the violation's
// Part and Seat say which option does not.
func (o *Options) check() error {
	if o.Mode < Duel || o.Mode > Solo {
		return about(RuleSetup, PartMode, -1, "unknown game %d (want %s)", o.Mode, modeWords())
	}
	if err := o.Mode.CheckPlayers(o.Players); err != nil {
		return err
	}
	if _, err := LayoutFor(o.Layout); err != nil {
		return about(RuleSetup, PartLayout, -1, "%v", err)
	}
	if o.Call != 0 {
		if err := CheckCall(o.Call); err != nil {
			return err
		}
	}
	riders, bare := 0, -1
	for i := range MaxPlayers {
		j, w := o.Jockeys[i], o.Wagers[i]
		switch {
		case j > Spread:
			return about(RuleSetup, PartJockey, i, "unknown jockey %d", j)
		case j != NoJockey && i >= o.Players:
			return about(RuleSetup, PartJockey, i, "jockey for seat %d, but only %d players", i+1, o.Players)
		case j != NoJockey && !o.Mode.Jockeys():
			return about(RuleSetup, PartJockey, i, "jockeys ride in The Duel only")
		case j != NoJockey:
			riders++
		case i < o.Players && bare < 0:
			bare = i
		}
		switch {
		case w != 0 && !o.Mode.Wagers():
			return about(RuleSetup, PartWager, i, "%s has no side wager", o.Mode.Title())
		case w != 0 && (w < 1 || w > Lanes || i >= o.Players):
			return about(RuleSetup, PartWager, i, "a side wager names a lane 1-6, not %d", w)
		}
	}
	if riders > 0 && bare >= 0 {
		return about(RuleSetup, PartJockey, bare, "%s has no jockey: every player rides one, or nobody does", engine.SeatName(bare))
	}
	return nil
}

// Options returns the options the race was started with.
func (r *Race) Options() Options { return r.opt }

// Mode is the game being played.
func (r *Race) Mode() Mode { return r.mode }

// Players is the number of seats.
func (r *Race) Players() int { return int(r.n) }

// Player returns seat p's sheet extras (photos, false starts, stakes...).
func (r *Race) Player(p int) *Player { return &r.players[p] }

// Board returns the lanes seat p moves: their own sheet, or in The Book the
// field card.
func (r *Race) Board(p int) *Board {
	if r.mode.rules().field {
		return &r.boards[0]
	}
	return &r.boards[p]
}

// nboards is how many boards the race is played on: one per seat, or The
// Book's field card.
func (r *Race) nboards() int {
	if r.mode.rules().field {
		return 1
	}
	return int(r.n)
}

// shut shuts lane (1-6) for everybody.
func (r *Race) shut(lane int) {
	for q := range r.nboards() {
		r.boards[q][lane-1].shut = true
	}
}

// Field returns The Book's field card.
func (r *Race) Field() *Board { return &r.boards[0] }

// Lane returns lane (1-6) of seat p's board.
func (r *Race) Lane(p, lane int) *Lane { return &r.Board(p)[lane-1] }

// Shut reports whether lane (1-6) is shut for everybody.
func (r *Race) Shut(lane int) bool { return r.boards[0][lane-1].shut }

// Phase is where the race stands.
func (r *Race) Phase() Phase { return r.phase }

// Over reports whether the race has ended.
func (r *Race) Over() bool { return r.phase == PhaseOver }

// Called reports whether enough horses are home to call the race.
func (r *Race) Called() bool { return r.called }

// HorsesHome counts horses home, everyone's.
func (r *Race) HorsesHome() int { return int(r.home) }

// Turns counts the rolls so far.
func (r *Race) Turns() int { return int(r.turns) }

// Roller is the seat whose turn it is (or was, once the race is over), or
// -1 before the first roll.
func (r *Race) Roller() int { return int(r.roller) }

// FirstRoller is the seat that rolled first, or -1.
func (r *Race) FirstRoller() int { return int(r.first) }

// Dice are the six dice of the current turn.
func (r *Race) Dice() [Dice]int8 { return r.dice }

// Rest are the four dice the roller did not keep.
func (r *Race) Rest() [4]int8 { return r.rest }

// CutPairs are the two pairs of the current cut.
func (r *Race) CutPairs() [2][2]int8 { return r.cut }

// Leftover is the pair the chooser left for the roller.
func (r *Race) Leftover() [2]int8 { return r.leftover }

// FirstHomeLane is the lane of the race's first horse home: 0 while no horse
// is home, -1 when horses came home together in several lanes and no side
// wager made it matter.
func (r *Race) FirstHomeLane() int { return int(r.firstLane) }

// Carrot is the station of this race's Carrot.
func (r *Race) Carrot() Station { return r.course.carrot }

// Camera is the station of this race's Camera.
func (r *Race) Camera() Station { return r.course.camera }

// Numbers are the numbers of the board the race is played on (the
// standard board's for a zero Race).
func (r *Race) Numbers() *Numbers { return numbersOr(r.course.num) }

// Next returns who must act now and in what role. In PhaseRoll it is the
// roller (or -1 before the first roll, when anyone may); in PhaseRolloff
// and PhaseOver the player is -1.
func (r *Race) Next() (player int, role Role) {
	switch r.phase {
	case PhaseRoll:
		if r.roller < 0 {
			if r.firstLock {
				return int(r.first), RoleNone
			}
			return -1, RoleNone
		}
		return int(r.roller), RoleNone
	case PhaseKeep, PhaseCut:
		return int(r.roller), RoleKeep
	case PhasePlay:
		s := r.queue[r.qi]
		return int(s.who), s.role
	}
	return -1, RoleNone
}

// name is seat p as a violation's message names it.
func name(p int8) engine.SeatName { return engine.SeatName(p) }

// seatList lists the seats of bits for a violation's message: a format
// fragment with a verb for each ("%s", "%s and %s", "%s, %s and %s") and
// its arguments, each an engine.SeatName.
func seatList(bits uint8) (string, []any) {
	var args []any
	for p := range MaxPlayers {
		if bits&(1<<p) != 0 {
			args = append(args, engine.SeatName(p))
		}
	}
	return listVerbs(len(args)), args
}

// listVerbs is the format of a list of n words: "%s, %s and %s".
func listVerbs(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "%s"
	}
	return strings.Repeat("%s, ", n-2) + "%s and %s"
}

// nextSeat is the next unscratched seat clockwise after p, other than p
// itself, or -1.
func (r *Race) nextSeat(p int8) int8 {
	for i := int8(1); i < r.n; i++ {
		q := (p + i) % r.n
		if !r.players[q].scratched {
			return q
		}
	}
	return -1
}

// Chooser is the player who chooses from the roller's cut: the next
// unscratched player clockwise, or -1 when nobody else is left.
func (r *Race) Chooser() int {
	if r.mode.rules().alone || r.roller < 0 {
		return -1
	}
	return int(r.nextSeat(r.roller))
}

// SetFirstRoller fixes who rolls first, as the draw for the rail decided.
func (r *Race) SetFirstRoller(p int) error {
	if r.turns > 0 || r.roller >= 0 {
		return violation(RuleRail, "the rail is drawn before the first roll")
	}
	if p < 0 || p >= int(r.n) {
		return violation(RuleRail, "no seat %d", p+1)
	}
	r.first = int8(p)
	r.firstLock = true
	return nil
}

// Legal reports whether seat p may write stride in lane now, declaring no
// jockey power.
func (r *Race) Legal(p, lane, stride int) bool {
	return r.Board(p).legal(int8(lane), int8(stride), r.players[p].jockey, false)
}

// Goes reports whether dice a and b can be played one way round or the
// other by seat p, declaring no jockey power (rulings §6).
func (r *Race) Goes(p, a, b int) bool {
	return r.Board(p).goes(int8(a), int8(b), r.players[p].jockey)
}

// Missing says what a race that is not over still owes, as a violation of
// RuleUnfinished about its end: whose roll, keep, cut, move or roll-off
// comes next and how many horses are home against the call; for a race
// rebuilt from paper, the horses home against the call and who is still
// riding. Its message has no "the race is not over": the caller says that.
func (r *Race) Missing() *engine.Violation {
	owes := func(format string, args ...any) *engine.Violation {
		return about(RuleUnfinished, PartEnd, -1, format, args...)
	}
	home := fmt.Sprintf("%d of the %d horses home that call the race", r.home, r.call)
	if r.paper {
		var riding uint8
		k := 0
		for p := range r.n {
			if !r.players[p].scratched {
				riding |= 1 << p
				k++
			}
		}
		switch {
		case r.Over():
			return owes("nothing")
		case k == int(r.n):
			return owes("%s, and nobody is scratched", home)
		}
		f, args := seatList(riding)
		verb := " are still riding"
		if k == 1 {
			verb = " is still riding"
		}
		return owes("%s, and "+f+verb, append([]any{home}, args...)...)
	}
	w, role := r.Next()
	var who any = "anyone"
	if w >= 0 {
		who = name(int8(w))
	}
	switch r.phase {
	case PhaseRoll:
		if r.railTie != 0 {
			f, args := seatList(r.railTie)
			return owes(f+" tie for the rail and draw again", args...)
		}
		if r.called {
			return owes("the race is called; the round finishes with %s's roll", who)
		}
		return owes("%s rolls next (%s)", who, home)
	case PhaseKeep:
		return owes("%s's kept pair of turn %d is missing", who, r.turns)
	case PhaseCut:
		return owes("%s's cut of turn %d is missing", who, r.turns)
	case PhasePlay:
		return owes("%s's move (%s) of turn %d is missing", who, role.Describe(), r.turns)
	case PhaseRolloff:
		if lane, _, _ := r.Tie(); lane > 0 {
			return owes("the roll-off for first home in lane %d of turn %d is missing", lane, r.turns)
		}
		return owes("the roll-off for the first horse home of turn %d is missing", r.turns)
	}
	return owes("nothing")
}
