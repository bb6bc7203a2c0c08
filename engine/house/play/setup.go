package play

import (
	"fmt"
	"slices"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/notation"
)

// botNames are the bots of package bot, weakest first: the bots a table
// seats. Package bot's Names are these.
var botNames = []string{"random", "eager", "greedy", "expert"}

// jockeyIDs are the jockeys' ids, in card order.
var jockeyIDs = func() []string {
	var ids []string
	for _, j := range house.Jockeys {
		ids = append(ids, j.String())
	}
	return ids
}()

// The jockey option's words beside the ids.
const (
	jockeysNone   = "none"
	jockeysRandom = "random" // drawn for each seat
	jockeysChoose = "choose" // each seat picks
)

// The house game's own options, one variable each for the code that
// reads them.
var (
	layoutOption = engine.Option{Name: "layout", Title: "Layout", Usage: "the layout roll: roll (the table rolls it before the race) or a die 1-6",
		Values: []string{"roll", "1", "2", "3", "4", "5", "6"}, Labels: []string{"rolled before the race"}, Default: "roll"}
	callOption = engine.Option{Name: "call", Title: "Race call", Usage: "horses home that call the race: " + house.CallWords(),
		Values: []string{"3", "2", "4"}, Default: "3"}
	jockeysOption = engine.Option{Name: "jockeys", Title: "Jockeys",
		Usage:  "The Duel's jockeys: none, random (drawn for each seat), choose (each seat picks one), or jockey ids (" + strings.Join(jockeyIDs, ", ") + "), one for all or one per seat separated by commas",
		Values: append([]string{jockeysNone, jockeysRandom, jockeysChoose}, jockeyIDs...), Labels: jockeyLabels(), Default: jockeysNone, Modes: []string{house.Duel.String()}}
	wagersOption = engine.Option{Name: "wagers", Title: "Side wagers", Usage: "each seat names a side wager on a lane before the race, or none (The Duel and riding alone)",
		Values: []string{"off", "on"}, Labels: []string{"none", "each seat may name one"}, Default: "off", Modes: []string{house.Duel.String(), house.Solo.String()}}
)

// jockeyLabels say the jockey option's values in the players' words: no
// jockeys, drawn, chosen, or one jockey for every rider, by name.
func jockeyLabels() []string {
	ls := []string{"no jockeys", "a jockey drawn for each rider", "each rider picks a jockey"}
	for _, j := range house.Jockeys {
		ls = append(ls, j.Name()+" for every rider")
	}
	return ls
}

// Options are the house game's own options, as the table on screen offers
// them and the command line's flags set them. Every one has a default.
var Options = []engine.Option{layoutOption, callOption, jockeysOption, wagersOption}

// modeOf reads a mode's keyword: "" for The Duel, the first.
func modeOf(mode string) (house.Mode, error) {
	if mode == "" {
		return house.Modes[0], nil
	}
	m, err := house.ParseMode(mode)
	if err != nil {
		return 0, engine.SetupErrorf(engine.PartMode, "unknown mode %s (want %s)", engine.Quote([]byte(mode)), strings.Join(notation.Games, ", "))
	}
	return m, nil
}

// Table is the table mode seats ("" for The Duel): its players and bots.
// The Book's two players are a variant the table allows.
func Table(mode string) (engine.Table, error) {
	m, err := modeOf(mode)
	if err != nil {
		return engine.Table{}, err
	}
	return engine.Table{Title: m.Title(), MinPlayers: m.MinPlayers(), MaxPlayers: m.MaxPlayers(),
		Players: m.DefaultPlayers(), Bots: slices.Clone(botNames), Keyword: notation.IsKeyword}, nil
}

// jockeyMode is how the riders of a Duel get their jockeys.
type jockeyMode uint8

const (
	ridersNone   jockeyMode = iota // ride it straight
	ridersRandom                   // drawn for each seat by chance
	ridersChoose                   // each seat's decision
	ridersFixed                    // given, by seat
)

// config is what a table settles before its race, as New or Replay read
// it: the State starts from it, and Reset starts it again.
type config struct {
	mode   house.Mode
	names  []string
	bots   []string
	layout int // 0: the table rolls it
	call   int
	// callLine is the call as the header writes it: 0 for no call
	// line (the default call, as New writes it).
	callLine int
	jockeys  jockeyMode
	riders   [house.MaxPlayers]house.Jockey // ridersFixed
	wagers   bool                           // each seat decides its side wager
	fixed    [house.MaxPlayers]int          // the side wagers given (Replay)
	// num are the numbers of the board, nil for the standard board's, and
	// variant the name a log's variant line gives it.
	num     *house.Numbers
	variant string
	// lines are the header's lines, to point at, when hasLines: a game
	// replayed from a log.
	lines    notation.Lines
	hasLines bool
}

// New starts a game of the house game at table s: its mode, its seats (a
// name each, and a bot or a person), the options (see Options), and the
// board, s.Variant (a *house.Variant; nil for the standard board). It
// checks the setup once, as every caller's: the seats against the mode's
// Table, the options by name and value, the variant's numbers; the error
// is an *engine.SetupError whose Part names the seats' part, the option,
// or the key of the variant's number at fault.
func New(s engine.Setup) (*State, error) {
	c, err := configOf(s)
	if err != nil {
		return nil, err
	}
	st := &State{cfg: c}
	if err := st.Reset(); err != nil {
		return nil, err
	}
	return st, nil
}

// modeless says that mode m has no option o, in the words the setup rules
// have always used for the jockeys and side wagers.
func modeless(o engine.Option, m house.Mode) string {
	switch o.Name {
	case "jockeys":
		return "jockeys ride in The Duel only"
	case "wagers":
		return m.Title() + " has no side wager"
	}
	return fmt.Sprintf("%s has no %s: it is for %s", m.Title(), strings.ToLower(o.Title), orModes(o.Modes))
}

// configOf checks setup s and reads it into a config.
func configOf(s engine.Setup) (config, error) {
	var c config
	if err := s.Check(Table, Options); err != nil {
		return c, err
	}
	m, _ := modeOf(s.Mode) // s.Check read it
	for _, o := range Options {
		if v := s.Options[o.Name]; v != "" && v != o.Default && o.Modes != nil && !slices.Contains(o.Modes, m.String()) {
			return c, engine.SetupErrorf(o.Name, "%s", modeless(o, m))
		}
	}
	c.mode = m
	for _, seat := range s.Seats {
		c.names = append(c.names, seat.Name)
		c.bots = append(c.bots, seat.Bot)
	}
	lay, err := layoutOption.Choose(s.Options)
	if err != nil {
		return c, err
	}
	if lay != "roll" {
		c.layout = int(lay[0] - '0')
	}
	call, err := callOption.Choose(s.Options)
	if err != nil {
		return c, err
	}
	c.call = int(call[0] - '0')
	if c.call != house.DefaultCall {
		c.callLine = c.call
	}
	if err := c.readJockeys(s.Options["jockeys"], len(s.Seats)); err != nil {
		return c, err
	}
	w, err := wagersOption.Choose(s.Options)
	if err != nil {
		return c, err
	}
	c.wagers = w == "on"
	if s.Variant != nil {
		v, ok := s.Variant.(*house.Variant)
		if !ok || v == nil {
			return c, engine.SetupErrorf(PartVariant, "a variant of %s is not a board of the house game", s.Variant.Game())
		}
		if c.num, err = v.Numbers(); err != nil {
			return c, err
		}
		c.variant = v.Name()
	}
	return c, nil
}

// PartVariant is the part of a setup a variant that is not the house
// game's concerns.
const PartVariant = "variant"

// Numbers are the numbers of the board the game is played on.
func (s *State) Numbers() *house.Numbers {
	if s.cfg.num == nil {
		return house.StandardNumbers
	}
	return s.cfg.num
}

// readJockeys reads the jockeys option for n seats.
func (c *config) readJockeys(v string, n int) error {
	switch v {
	case "", jockeysNone:
		return nil
	case jockeysRandom:
		c.jockeys = ridersRandom
		return nil
	case jockeysChoose:
		c.jockeys = ridersChoose
		return nil
	}
	ids := strings.Split(v, ",")
	if len(ids) != 1 && len(ids) != n {
		return engine.SetupErrorf("jockeys", "%s for %s: give one jockey for every seat, or one per seat",
			engine.Count(len(ids), "jockey", "jockeys"), engine.Count(n, "player", "players"))
	}
	for p := range n {
		id := strings.TrimSpace(ids[min(p, len(ids)-1)])
		j, err := house.ParseJockey(id)
		if err != nil || j == house.NoJockey {
			return engine.SetupErrorf("jockeys", "unknown jockey %s (want none, random, choose, or ids: %s)", engine.Quote([]byte(id)), strings.Join(jockeyIDs, ", "))
		}
		c.riders[p] = j
	}
	c.jockeys = ridersFixed
	return nil
}

// orModes names modes for a message: "The Duel and Riding alone".
func orModes(modes []string) string {
	var ts []string
	for _, k := range modes {
		if m, err := house.ParseMode(k); err == nil {
			ts = append(ts, m.Title())
		}
	}
	return strings.Join(ts, " and ")
}

// options are the house.Options the config settles once its layout is
// known and every seat's jockey is.
func (c *config) options(layout int, jockeys *[house.MaxPlayers]house.Jockey, wagers *[house.MaxPlayers]int) house.Options {
	o := house.Options{Mode: c.mode, Players: len(c.names), Layout: layout, Call: c.call, Wagers: *wagers, Numbers: c.num}
	if jockeys != nil {
		o.Jockeys = *jockeys
	}
	return o
}
