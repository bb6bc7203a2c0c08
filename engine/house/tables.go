package house

import "fmt"

// Limits of the game.
const (
	MinPlayers     = 1  // the fewest seats of any mode: riding alone
	MaxPlayers     = 6  // seats at the table
	Lanes          = 6  // lanes on a sheet, horses on the field card
	Boxes          = 7  // live numbers a lane holds; the seventh is the Wire
	Dice           = 6  // dice thrown each turn
	PhotoBoxes     = 6  // Photo boxes on a sheet or slip
	FalseStartBox  = 6  // False Start boxes; one more scratches the player
	FalseStartCost = 5  // dollars lost per shaded False Start box
	ArrowEvery     = 3  // every third slip is an arrow
	FirstHomeBonus = 20 // first home in a lane (Duel, solo), per multiplier (Book)
	WagerRight     = 40 // a side wager on the lane of the first horse home
	WagerWrong     = -10
	StakesPerSlip  = 5  // stakes on a bettor's slip
	BookPhotoTimes = 3  // The Book pays photo sets triple
	SpreadBonus    = 60 // jockey Spread: all six lanes open
	DefaultCall    = 3  // horses home that call the race
)

// Calls lists the race calls a race may use: 2 (short), 3 (standard), 4 (long).
var Calls = []int{2, 3, 4}

// CheckCall says whether a race may be called at n horses home; the error
// is a *Violation about the call.
func CheckCall(n int) error {
	for _, c := range Calls {
		if c == n {
			return nil
		}
	}
	return about(RuleSetup, PartCall, -1, "call %d: a race is called at %s horses home", n, CallWords())
}

// CallWords lists the calls as words: "2, 3 or 4".
func CallWords() string {
	ws := make([]string, len(Calls))
	for i, c := range Calls {
		ws[i] = fmt.Sprint(c)
	}
	return orList(ws)
}

// Station is how far a horse has come: the number of live numbers in its lane.
// Station 0 is a horse that never started.
type Station int8

// The stations of the track, box by box.
const (
	NotStarted Station = iota
	Gate
	Turn1
	Backstretch
	Turn2
	Stretch
	StretchRun
	Wire
)

// Stations lists the seven stations of the track, Gate to Wire.
var Stations = []Station{Gate, Turn1, Backstretch, Turn2, Stretch, StretchRun, Wire}

var stationNames = [...]string{"not started", "Gate", "Turn 1", "Backstretch", "Turn 2", "Stretch", "Stretch Run", "Wire"}

// stationPays is the track's payout table, indexed by station.
var stationPays = [...]int{0, -20, -10, 0, 5, 10, 20, 30}

// String returns the station's name as printed on the sheets.
func (s Station) String() string {
	if s >= 0 && int(s) < len(stationNames) {
		return stationNames[s]
	}
	return fmt.Sprintf("Station(%d)", s)
}

// Pays is what a lane standing at s is worth before any multiplier.
func (s Station) Pays() int {
	if s >= 0 && int(s) < len(stationPays) {
		return stationPays[s]
	}
	return 0
}

// Multiplier is the Book stake multiplier for backing a horse at s
// (Multipliers): x3 not started or at the Gate, x2 from Turn 1 to Turn 2,
// x1 from the Stretch on. A horse at the Wire cannot be backed and reports
// 0.
func (s Station) Multiplier() int {
	for _, m := range Multipliers {
		for _, at := range m.Stations {
			if at == s {
				return m.Times
			}
		}
	}
	return 0
}

// Multipliers lists the Book's stake multipliers (rulings §7), highest
// first, each with the stations that give it.
var Multipliers = []struct {
	Times    int
	Stations []Station
}{
	{3, []Station{NotStarted, Gate}},
	{2, []Station{Turn1, Backstretch, Turn2}},
	{1, []Station{Stretch, StretchRun}},
}

// LowestMultiplier is the lowest multiplier a stake on a horse could have
// been placed at, if the horse never stood beyond station s before it was
// backed.
func LowestMultiplier(s Station) int {
	low := 0
	for st := NotStarted; st <= min(s, StretchRun); st++ {
		if m := st.Multiplier(); low == 0 || m < low {
			low = m
		}
	}
	return low
}

// Layout is one row of the layout table: where the Carrot and the Camera
// stand for a race.
type Layout struct {
	Roll   int
	Carrot Station
	Camera Station
}

// Layouts is the layout table, indexed by the layout die (index 0 unused).
var Layouts = [7]Layout{
	{},
	{1, Turn1, Turn2},
	{2, Turn1, Stretch},
	{3, Backstretch, Turn2},
	{4, Backstretch, Stretch},
	{5, Turn2, Stretch},
	{6, Turn2, Backstretch},
}

// LayoutFor returns the layout for a layout roll of 1-6.
func LayoutFor(roll int) (Layout, error) {
	if roll < 1 || roll > 6 {
		return Layout{}, fmt.Errorf("layout roll %d is not a die (1-6)", roll)
	}
	return Layouts[roll], nil
}

// PhotoSet is what n equal numbers among a player's photos pay before The
// Book's tripling: 10 x (n(n+1)/2 - 1), so a pair 20, three 50, four 90,
// five 140, six 200, and a single nothing.
func PhotoSet(n int) int {
	if n < 2 {
		return 0
	}
	return 10 * (n*(n+1)/2 - 1)
}

// setNames are the names of n equal photos.
var setNames = [...]string{"", "single", "pair", "three", "four", "five", "six"}

// PhotoSetName names a set of n equal photos: "single", "pair", "three",
// ... "six".
func PhotoSetName(n int) string {
	if n >= 0 && n < len(setNames) {
		return setNames[n]
	}
	return fmt.Sprintf("%d alike", n)
}

// SoloLadder is the purse a rider alone sets out to beat.
var SoloLadder = []struct {
	Name  string
	Purse int
}{
	{"place", 125},
	{"money", 170},
	{"win", 205},
	{"track record", 235},
}

// SoloRare is the purse past which a solo sheet is rare enough to write down.
const SoloRare = 275

// numberWords and ordinalWords write the numbers below ten as a message
// that reads as prose does: "five stakes", "every third slip".
var (
	numberWords  = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	ordinalWords = [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
)

// numberWord writes n in words below ten, in digits from ten.
func numberWord(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return fmt.Sprint(n)
}

// ordinalWord writes the nth in words below ten: "third".
func ordinalWord(n int) string {
	if n > 0 && n < len(ordinalWords) {
		return ordinalWords[n]
	}
	return fmt.Sprintf("%dth", n)
}
