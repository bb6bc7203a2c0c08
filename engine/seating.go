package engine

import "fmt"

// OneMode is the Table of a game with one mode, whose keyword is game: t
// for mode "" or game, and a *SetupError about the mode for any other.
// It is the play.Table of such a game:
//
//	return engine.OneMode(mode, notation.Game, engine.Table{Title: ...})
func OneMode(mode, game string, t Table) (Table, error) {
	if mode != "" && mode != game {
		return Table{}, SetupErrorf(PartMode, "%s has one mode, %s, not %s", t.Title, game, Quote([]byte(mode)))
	}
	return t, nil
}

// Check checks s, once, as a game's New begins: its mode (table, the
// game's play.Table, refuses one it does not have), its seats against the
// table that mode seats (Table.CheckSeats) and its options against the
// game's own (CheckOptions). Its errors are *SetupErrors.
func (s *Setup) Check(table func(mode string) (Table, error), options []Option) error {
	t, err := table(s.Mode)
	if err != nil {
		return err
	}
	if err := t.CheckSeats(s.Seats); err != nil {
		return err
	}
	return CheckOptions(s.Options, options)
}

// Scan checks s (Check) and reads its options into vals, the first
// option of options into the first of vals and so on, as a game's New
// begins: a *string takes an option with Values (Option.Choose), an *int
// a whole number (Option.Int). Any other kind of val is a mistake of the
// caller's, and Scan panics.
//
//	var board string
//	var finish int
//	if err := s.Scan(Table, Options, &board, &finish); err != nil {
func (s *Setup) Scan(table func(mode string) (Table, error), options []Option, vals ...any) error {
	if err := s.Check(table, options); err != nil {
		return err
	}
	for i, v := range vals {
		var err error
		switch v := v.(type) {
		case *string:
			*v, err = options[i].Choose(s.Options)
		case *int:
			*v, err = options[i].Int(s.Options)
		default:
			panic(fmt.Sprintf("engine.Setup.Scan: option %s into a %T", options[i].Name, v))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Names are the players' names, in seating order.
func (s *Setup) Names() []string {
	names := make([]string, len(s.Seats))
	for i, seat := range s.Seats {
		names[i] = seat.Name
	}
	return names
}

// Bots makes the bot of every seat with newBot, the game's bot.New: what
// a simulator seats at its table.
func Bots(seats []Seat, newBot func(name string) (Bot, error)) ([]Bot, error) {
	bots := make([]Bot, len(seats))
	for i, seat := range seats {
		b, err := newBot(seat.Bot)
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	return bots, nil
}

// Seated seats a simulator's table: its setup, from setup (which may
// refuse the table), the game's state of it, made by newState (the game's
// play.New, which checks the setup), and the bot of every seat, made by
// newBot (Bots).
func Seated[S any](setup func() (Setup, error), newState func(Setup) (S, error), newBot func(name string) (Bot, error)) (S, []Bot, error) {
	var none S
	st, err := setup()
	if err != nil {
		return none, nil, err
	}
	s, err := newState(st)
	if err != nil {
		return none, nil, err
	}
	bots, err := Bots(st.Seats, newBot)
	return s, bots, err
}

// Strings are the String of each of xs, in order: the keywords of a
// game's boards as an Option's Values list them.
func Strings[T fmt.Stringer](xs []T) []string {
	ss := make([]string, len(xs))
	for i, x := range xs {
		ss[i] = x.String()
	}
	return ss
}

// Parse is the one of xs whose String is s, and whether there is one: a
// game's ParseBoard, reading a board's keyword among its boards.
func Parse[T fmt.Stringer](xs []T, s string) (T, bool) {
	for _, x := range xs {
		if x.String() == s {
			return x, true
		}
	}
	var none T
	return none, false
}
