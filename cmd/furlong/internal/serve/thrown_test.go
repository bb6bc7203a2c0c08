package serve

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// enterThrow writes the statement that enters th, a throw the state says
// is pending, with values it allows drawn from rng.
func enterThrow(t testing.TB, th *engine.Throw, rng *rand.Rand) string {
	t.Helper()
	var vs []string
	for _, d := range th.Dice {
		if d.Faces != nil {
			vs = append(vs, d.Faces[rng.IntN(len(d.Faces))])
		} else {
			vs = append(vs, fmt.Sprint(1+rng.IntN(6)))
		}
	}
	if h := th.Hand; h != nil {
		left := slices.Clone(h.Left)
		var cards []string
		for len(cards) < h.Size {
			if r := rng.IntN(len(left)); left[r] > 0 {
				left[r]--
				cards = append(cards, h.Ranks[r])
			}
		}
		vs = append(vs, strings.Join(cards, " "))
	}
	text, err := th.Statement(vs...)
	if err != nil {
		t.Fatalf("the throw %+v: %v", th, err)
	}
	return text
}

// playThrown plays a game whose dice are thrown at the table to its end
// through /api/step, a statement at a time when one: each throw entered
// as its pending throw writes it, each person's choice at random; the
// server never draws chance, and stops at every throw.
func playThrown(t testing.TB, h http.Handler, st apiState, rng *rand.Rand, one bool) apiState {
	t.Helper()
	until := ""
	if one {
		until = "one"
	}
	for i := 0; !st.Over; i++ {
		if i > 4000 {
			t.Fatalf("the game has not ended after %d requests:\n%s", i, st.Log)
		}
		p := st.Pending
		if st.Dice != diceTable || p == nil {
			t.Fatalf("a table whose dice are thrown: dice %q, pending %+v", st.Dice, p)
		}
		req := map[string]any{"log": st.Log, "until": until}
		switch {
		case p.Chance:
			if p.Throw == nil || !p.Throw.Chance() || p.Throw.Kind != p.Kind {
				t.Fatalf("chance's %s is pending with the throw %+v:\n%s", p.Kind, p.Throw, st.Log)
			}
			if want := p.Throw.Thrower; want != p.Thrower && !(want == engine.SeatChance && p.Thrower == -1) {
				t.Fatalf("pending thrower %d, the throw's %d", p.Thrower, want)
			}
			req["choice"] = enterThrow(t, p.Throw, rng)
		case p.Bot == "":
			if p.Throw != nil && p.Throw.Chance() || p.Thrower != -1 {
				t.Fatalf("a decision with a throw to enter: %+v", p)
			}
			req["choice"] = p.Choices[rng.IntN(len(p.Choices))].Text
		default:
			// A bot decides: after a throw entered a statement at a
			// time, the step stopped before its decision.
		}
		next := post(t, h, "/api/step", req)
		// A throw entered a statement at a time writes itself, and the
		// statements it completes that the log carried as comments (the
		// jockeys drawn, written once every rider has one).
		if p.Chance && one && len(next.Written) > 1+strings.Count(st.Log, thenPrefix) {
			t.Fatalf("a throw entered statement by statement wrote %q:\n%s", next.Written, st.Log)
		}
		st = next
	}
	return st
}

// TestThrownAtTable plays games of every game and mode, at its smallest
// and largest tables, whose dice are thrown at the table, entered through
// /api/step as each pending throw says, people and bots at the table:
// every log is one the game's referee accepts, with the result the server
// gave, and it says the dice are the table's; the same throws and choices
// give the same log however the requests were split.
func TestThrownAtTable(t *testing.T) {
	h := newPlainServer(t)
	for _, g := range playing(testGames()) {
		for _, m := range g.Modes {
			tb := tableOf(t, g, m.Keyword)
			for n := tb.MinPlayers; n <= tb.MaxPlayers; n++ {
				if n != tb.MinPlayers && n != tb.MaxPlayers {
					continue // every size is played with furlong's dice (TestPlayToTheEnd)
				}
				for _, persons := range personsAt(tb, n) {
					seed := uint64(n*7 + persons)
					t.Run(fmt.Sprintf("%s/%d-players/%d-persons", m.Keyword, n, persons), func(t *testing.T) {
						i := int(seed)
						req := map[string]any{"game": g.Name, "mode": m.Keyword, "seats": seats(n, persons, botOf(tb, i)), "seed": seed, "options": everyOption(g, m.Keyword, i), "dice": diceTable}
						st := post(t, h, "/api/new", req)
						if !strings.Contains(st.Log, metaPrefix+" dice table\n") {
							t.Fatalf("the log does not say the dice are the table's:\n%s", st.Log)
						}
						// Stepped a statement at a time or to each throw and
						// decision, with the same throws and choices: the
						// bots decide alike, and the logs are the same.
						one := playThrown(t, h, st, rand.New(rand.NewPCG(seed, 3)), true)
						st = playThrown(t, h, st, rand.New(rand.NewPCG(seed, 3)), false)
						if one.Log != st.Log {
							t.Fatalf("a statement at a time:\n%s\nto each throw and decision:\n%s", one.Log, st.Log)
						}
						v, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{})
						if err != nil {
							t.Fatalf("the referee refuses the log: %v\n%s", err, st.Log)
						}
						if have, want := compact(t, st.Result), mustJSON(v.JSON()); have != want {
							t.Errorf("result:\nhave %s\nwant %s (score --json)", have, want)
						}
					})
				}
			}
		}
	}
}

// TestSeedless: a log with no seed waits for its throws to be entered: a
// step without a choice answers the throw pending, where it drew none.
func TestSeedless(t *testing.T) {
	h := newTestServer(t)
	for _, c := range []struct{ log, throw string }{
		{"game duel\nplayers Ana Ben\n", "layout {}"},
		{"game duel\nplayers Ana Ben\nlayout 4\n", "rail Ana {} Ben {}"},
		{"game greatraces\nplayers Ana Ben\n", "roll Ana {} {} {} {}"},
		{"game horserace\nplayers Ana Ben\ndealer Ben\n", "deal Ana {}"},
		{"# furlong serve: Ben is the greedy bot\ngame raceyourbets\nplayers Ana Ben\nAna bet 3 33\n", "Ben bet 4 {}{}"},
	} {
		st := post(t, h, "/api/step", map[string]any{"log": c.log})
		p := st.Pending
		if st.Dice != diceTable || st.Seed != nil || p == nil || !p.Chance || p.Throw == nil || p.Throw.Text != c.throw && !strings.HasPrefix(c.throw, "Ben bet") {
			t.Errorf("%s: dice %q, pending %+v", c.log, st.Dice, p)
			continue
		}
		if strings.HasPrefix(c.throw, "Ben ") {
			// The bot has chosen; its throw is the table's to enter.
			if !strings.HasPrefix(p.Throw.Text, "Ben ") || p.Thrower != 1 || !strings.Contains(st.Log, thenPrefix+"Ben ") {
				t.Errorf("after the bot's choice: %+v\n%s", p, st.Log)
			}
		}
	}
}

// TestThrownChoices: at a table whose dice are thrown, a throw is entered
// as the log writes it and plays exactly that outcome, a statement at a
// time; the throw for the wrong seat, a die of 7 or a value left out is
// check's 400; a bot's seat gets the throw alone, and its decision is the
// bot's.
func TestThrownChoices(t *testing.T) {
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "house", "mode": "duel", "seats": seats(2, 2, ""), "dice": diceTable, "seed": 1})
	if p := st.Pending; p == nil || !p.Chance || p.Throw.Text != "layout {}" || p.Thrower != -1 || !strings.Contains(st.Log, "dice table") {
		t.Fatalf("a new Duel at the table: %+v\n%s", p, st.Log)
	}
	lines := strings.Count(st.Log, "\n")
	for _, c := range []struct{ choice, rule, msg string }{
		{"layout 7", "notation", `layout "7": "7" is not a die (1-6)`},
		{"layout", "notation", `"layout": want layout N`},
		{"roll Ana 6 1 1 1 3 3", "turn order", "roll now: the setup waits for the layout roll"},
	} {
		w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": st.Log, "choice": c.choice, "until": "one"}))
		var e apiErr
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != 400 || e.Error.Rule != c.rule || e.Error.Chapter == "" || e.Error.Line != lines+1 || !strings.Contains(e.Error.Message, c.msg) {
			t.Errorf("%s: have %d %s, want rule %s on line %d: %s", c.choice, w.Code, w.Body, c.rule, lines+1, c.msg)
		}
	}
	for _, c := range []struct{ choice, written, next string }{
		{"layout 4", "", "rail Ana {} Ben {}"},
		{"rail Ana 3 Ben 3", "", "rail Ana {} Ben {}"},
		{"rail Ana 5 Ben 2", "", "roll Ana {} {} {} {} {} {}"},
		{"roll Ana 6 1 1 1 3 3", "roll Ana 6 1 1 1 3 3", ""},
	} {
		st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": c.choice, "until": "one"})
		p := st.Pending
		if c.next != "" && (p == nil || p.Throw == nil || p.Throw.Text != c.next) {
			t.Fatalf("after %s: pending %+v", c.choice, p)
		}
		if c.written != "" && (len(st.Written) != 1 || st.Written[0] != c.written) {
			t.Fatalf("%s wrote %q", c.choice, st.Written)
		}
	}
	// At the keep: the six dice, as thrown.
	if p := st.Pending; p == nil || p.Kind != "keep" || p.Throw == nil || p.Throw.Text != "" || len(p.Throw.Dice) != 6 || p.Throw.Dice[0].Face != 6 || p.Thrower != -1 {
		t.Fatalf("the keep: %+v", st.Pending)
	}
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "keep 6:1", "until": "one"})
	if uses := usesOf(st.Pending.Throw); uses != "kept kept - - - -" {
		t.Errorf("after the keep, the dice's uses: %s", uses)
	}

	// The Great Races with a bot: its throw alone, and the bot splits.
	st = post(t, h, "/api/new", map[string]any{"game": "greatraces", "seats": seats(2, 1, "greedy"), "dice": diceTable, "seed": 1})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "roll Ana 4 5 3 2", "until": "one"})
	if p := st.Pending; p == nil || p.Kind != "split" || p.Throw == nil || p.Throw.Dice[0].Face != 4 || len(st.Written) != 0 || !strings.Contains(st.Log, thenPrefix+"roll Ana 4 5 3 2\n") {
		t.Fatalf("after Ana's throw: %+v\n%s", p, st.Log)
	}
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "roll Ana 4 5 3 2 split 43 52"})
	if p := st.Pending; p == nil || !p.Chance || p.Thrower != 1 || p.Throw.Text != "roll Ben {} {} {} {}" {
		t.Fatalf("after Ana's split: %+v\n%s", p, st.Log)
	}
	w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": st.Log, "choice": "roll Ben 1 2 3 4 split 12 34"}))
	if w.Code != 400 || !strings.Contains(w.Body.String(), "played by the greedy bot, which makes its own decisions: enter the throw alone") {
		t.Errorf("a bot's split entered: %d %s", w.Code, w.Body)
	}
	st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": "roll Ben 1 2 3 4"})
	if len(st.Written) != 1 || !strings.HasPrefix(st.Written[0], "roll Ben 1 2 3 4 split ") || st.Pending == nil || st.Pending.Throw.Text != "roll Ana {} {} {} {}" {
		t.Errorf("Ben's throw, split by the bot: wrote %q, pending %+v", st.Written, st.Pending)
	}
}

// usesOf writes the uses of a throw's dice, "-" for a free die.
func usesOf(th *engine.Throw) string {
	if th == nil {
		return "no throw"
	}
	var ws []string
	for _, d := range th.Dice {
		ws = append(ws, cmpOr(d.Use, "-"))
	}
	return strings.Join(ws, " ")
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// TestHorseRaceRounds sets up Horse Race for three races on a board of its
// own, an option (the races) that no log writes: the table plays every
// race, with its dice drawn by furlong (a statement at a time and to the
// end, alike) and with its dice entered, where the log read back once the
// first deal was written (which plays the races it deals) was taken as
// the game, the option's comment went, and the table ended after race 1.
func TestHorseRaceRounds(t *testing.T) {
	h := newPlainServer(t)
	var g *game.Game
	for _, x := range playing(testGames()) {
		if x.Name == "horserace" {
			g = x
		}
	}
	if g == nil {
		t.Skip("no Horse Race")
	}
	const races = 3
	for _, dice := range []string{diceFurlong, diceTable} {
		t.Run(dice, func(t *testing.T) {
			req := map[string]any{"game": g.Name, "seats": seats(3, 3, ""), "seed": 4, "options": map[string]string{"rounds": fmt.Sprint(races), "board": "D"}, "dice": dice}
			st := post(t, h, "/api/new", req)
			if dice == diceTable {
				st = playThrown(t, h, st, rand.New(rand.NewPCG(4, 3)), true)
			} else {
				one := playThrough(t, h, st, rand.New(rand.NewPCG(4, 1)), true)
				st = playThrough(t, h, st, rand.New(rand.NewPCG(4, 1)), false)
				if one.Log != st.Log {
					t.Fatalf("a statement at a time:\n%s\nto the end:\n%s", one.Log, st.Log)
				}
			}
			v, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{})
			if err != nil {
				t.Fatalf("the referee refuses the log: %v\n%s", err, st.Log)
			}
			var res struct {
				Races []json.RawMessage `json:"races"`
			}
			if err := json.Unmarshal(st.Result, &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Races) != races {
				t.Errorf("the table played %d races, want %d:\n%s", len(res.Races), races, st.Log)
			}
			if have, want := compact(t, st.Result), mustJSON(v.JSON()); have != want {
				t.Errorf("result:\nhave %s\nwant %s (score --json)", have, want)
			}
			if !strings.Contains(st.Log, metaPrefix+" option rounds 3\n") || !strings.Contains(st.Log, "\nboard D\n") {
				t.Errorf("the log does not keep its races, or its board:\n%s", st.Log)
			}
		})
	}
}
