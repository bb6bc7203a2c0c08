package serve

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
	"furlong/engine"
)

// tableThrow is a throw of dice thrown at the table, as the state's
// pending throw asks it: a face for each die, and for a deal a hand drawn
// from deck (the cards of each rank the table's deck still holds, which
// the room tells no device).
func tableThrow(t *testing.T, th *engine.Throw, rng *rand.Rand, deck map[string]int) string {
	t.Helper()
	var vs []string
	for _, d := range th.Dice {
		if len(d.Faces) > 0 {
			vs = append(vs, d.Faces[rng.IntN(len(d.Faces))])
		} else {
			vs = append(vs, fmt.Sprint(1+rng.IntN(6)))
		}
	}
	if h := th.Hand; h != nil {
		if h.Left != nil {
			t.Fatalf("a room tells what the deck still holds: %+v", h)
		}
		var cards []string
		for _, r := range h.Ranks {
			for range deck[r] {
				cards = append(cards, r)
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		hand := cards[:h.Size]
		slices.SortFunc(hand, func(a, b string) int { return slices.Index(h.Ranks, a) - slices.Index(h.Ranks, b) })
		for _, c := range hand {
			deck[c]--
		}
		vs = append(vs, strings.Join(hand, " "))
	}
	s, err := th.Statement(vs...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRoomThrownAtTable plays rooms whose dice are thrown at the table to
// their end through the rooms API: a three-player Duel with a bot, and a
// Horse Race of three. Each throw waits for what the dice show, entered
// by the device whose throw it is, and only by it: the thrower's, or the
// host's for a throw that is nobody's (the layout die, the draw for the
// rail, a deal) and for a bot's; {"throw": true} is refused, as is a die
// that shows 7; a bot's decisions come by themselves. The host takes back
// a throw entered, which is entered again. No device is told what the
// deck still holds, and the final log is one the referee accepts, with
// the dice entered.
func TestRoomThrownAtTable(t *testing.T) {
	for _, c := range []struct {
		game, mode string
		persons    int
	}{{"house", "duel", 2}, {"horserace", "", 3}} {
		t.Run(c.game, func(t *testing.T) {
			sv, _ := roomServer(t, storetest.SQLite(t))
			host, st := newRoom(t, sv, map[string]any{"game": c.game, "mode": c.mode, "seats": seats(3, c.persons, "greedy"), "dice": "table"})
			if st.Dice != "table" {
				t.Fatalf("a room whose dice are thrown at the table says its dice are %q", st.Dice)
			}
			var seated []*device
			for i := range c.persons {
				seated = append(seated, join(t, sv, st.Code, i))
			}
			watcher := &device{t: t, h: sv, room: host.room}
			all := append([]*device{host, watcher}, seated...)
			rng := rand.New(rand.NewPCG(29, uint64(c.persons)))
			deck := map[string]int{}
			for _, r := range []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"} {
				deck[r] = 4
			}
			var entered []string
			undone, refused, botThrows := false, false, 0
			for i := 0; ; i++ {
				st := host.state()
				if st.Over {
					if _, err := sv.byName(c.game).Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
						t.Fatalf("the final log: %v\n%s", err, st.Log)
					}
					if !strings.Contains(st.Log, "dice table") {
						t.Errorf("the final log does not say its dice were thrown at the table:\n%s", st.Log)
					}
					// Every throw entered is in the log as entered.
					for _, e := range entered {
						if !strings.Contains(st.Log, e) {
							t.Errorf("the final log lacks %q:\n%s", e, st.Log)
						}
					}
					if !refused || c.game == "house" && (!undone || botThrows == 0) {
						t.Fatalf("the game ended before everything was tried: a die of 7 %v, an undo %v, a bot's throws %d", refused, undone, botThrows)
					}
					t.Logf("%d throws entered, %d of them a bot's", len(entered), botThrows)
					return
				}
				if i > 2000 {
					t.Fatalf("not over after %d moves:\n%s", i, st.Log)
				}
				p := st.Pending
				if !p.Chance && p.Bot != "" {
					// A bot decides by itself.
					deadline := time.Now().Add(20 * time.Second)
					for host.state().Version == st.Version {
						if time.Now().After(deadline) {
							t.Fatalf("the %s bot has not decided for %s", p.Bot, p.Player)
						}
						time.Sleep(5 * time.Millisecond)
					}
					continue
				}
				body := map[string]any{"version": st.Version}
				var d *device
				if p.Chance {
					if p.Throw == nil || !p.Throw.Chance() {
						t.Fatalf("a throw to enter, and the room says none: %+v", p)
					}
					d = host
					if p.Thrower >= 0 && p.Thrower < c.persons {
						d = seated[p.Thrower]
					} else if p.Thrower >= c.persons {
						botThrows++
					}
					// furlong throws none of this room's dice.
					if w := d.send("POST", "/api/rooms/"+d.room+"/play", map[string]any{"version": st.Version, "throw": true}); w.Code != http.StatusBadRequest {
						t.Fatalf("a throw asked of furlong at the table: %d %s", w.Code, w.Body)
					}
					if !refused && len(p.Throw.Dice) > 0 && len(p.Throw.Dice[0].Faces) == 0 {
						refused = true
						vs := []string{"7"}
						for range p.Throw.Slots() - 1 {
							vs = append(vs, "1")
						}
						bad, _ := p.Throw.Statement(vs...)
						if w := d.send("POST", "/api/rooms/"+d.room+"/play", map[string]any{"version": st.Version, "choice": bad}); w.Code != http.StatusBadRequest {
							t.Fatalf("%q entered: %d %s", bad, w.Code, w.Body)
						}
					}
					body["choice"] = tableThrow(t, p.Throw, rng, deck)
				} else {
					d = seated[p.Seat]
					mine := d.state()
					body["choice"] = mine.Pending.Choices[rng.IntN(len(mine.Pending.Choices))].Text
				}
				// Every other device is refused the move.
				for _, o := range all {
					if o == d {
						continue
					}
					if w := o.send("POST", "/api/rooms/"+d.room+"/play", body); w.Code != http.StatusForbidden {
						t.Fatalf("%s from another device than the one to enter it: %d %s", body["choice"], w.Code, w.Body)
					}
				}
				var next roomView
				d.must(200, "POST", "/api/rooms/"+d.room+"/play", body, &next)
				if next.Version != st.Version+1 {
					t.Fatalf("version %d after %d", next.Version, st.Version)
				}
				if !p.Chance {
					continue
				}
				entered = append(entered, body["choice"].(string))
				if !undone && p.Thrower >= 0 && c.game == "house" {
					// The host takes the throw back: everyone is told, and
					// it is entered again.
					undone = true
					var back roomView
					host.must(200, "POST", "/api/rooms/"+host.room+"/undo", map[string]any{"version": next.Version}, &back)
					if back.Log != st.Log || back.Notice == nil || !strings.HasPrefix(back.Notice.Text, "the host took back the throw entered for "+p.Player) {
						t.Fatalf("the throw entered taken back: %+v\n%s\nwant\n%s", back.Notice, back.Log, st.Log)
					}
					body["version"] = back.Version
					d.must(200, "POST", "/api/rooms/"+d.room+"/play", body, nil)
				}
			}
		})
	}
}
