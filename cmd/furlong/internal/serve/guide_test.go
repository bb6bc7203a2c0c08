package serve

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// TestGuides wants every real game's guide to say what the page shows a
// new player: how to play in four or five lines, the steps of setting up
// each mode, each naming an option of that mode or none, and words for
// every turn its play protocol reaches, in every mode and with every
// option, and for every word a choice ends with that the guide explains.
func TestGuides(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.Name, func(t *testing.T) {
			gd := g.Guide
			if gd == nil {
				t.Fatal("no guide")
			}
			if n := len(gd.HowTo); n < 4 || n > 5 {
				t.Errorf("how to play has %d lines, want four or five", n)
			}
			for _, m := range g.Modes {
				steps := gd.Setup[m.Keyword]
				if len(steps) == 0 {
					t.Errorf("%s: no setup steps", m.Keyword)
				}
				for _, st := range steps {
					if st.Option == "" {
						continue
					}
					o, ok := optionOf(&g, st.Option)
					if !ok {
						t.Errorf("%s: the step %q names no option of the game: %s", m.Keyword, st.Title, st.Option)
					} else if len(o.Modes) > 0 && !contains(o.Modes, m.Keyword) {
						t.Errorf("%s: the step %q names %s, an option of %v only", m.Keyword, st.Title, st.Option, o.Modes)
					}
				}
			}
			for k := range gd.Setup {
				if _, ok := g.Mode(k); !ok {
					t.Errorf("a setup for %s, which is no mode of the game", k)
				}
			}
			// Every word an option's value names is explained, where the
			// guide explains words: the jockeys; an option's labels say its
			// values, no more.
			for _, o := range g.Options {
				if len(o.Labels) > len(o.Values) {
					t.Errorf("option %s: %d labels for %d values", o.Name, len(o.Labels), len(o.Values))
				}
				for _, v := range o.Values {
					if w, ok := gd.Words[v]; ok && (w.Name == "" || w.Says == "") {
						t.Errorf("the word %s of option %s: %+v", v, o.Name, w)
					}
				}
			}
			seen := map[string]bool{}
			for i := range 12 {
				for _, m := range g.Modes {
					tb := tableOf(t, &g, m.Keyword)
					n := tb.MinPlayers + i%(tb.MaxPlayers-tb.MinPlayers+1)
					su := engine.Setup{Mode: m.Keyword, Seats: seats(n, n, ""), Options: everyOption(&g, m.Keyword, i)}
					s, err := g.New(su)
					if err != nil {
						t.Fatalf("%s with %v: %v", m.Keyword, su.Options, err)
					}
					rng := rand.New(rand.NewPCG(uint64(i), 3))
					for step := 0; step < 5000 && !s.Turn().Over(); step++ {
						turn := s.Turn()
						key := m.Keyword + " " + turn.Kind
						if turn.Chance() {
							if _, ok := gd.Chance[turn.Kind]; !ok && !seen["chance "+key] {
								t.Errorf("%s: no words for chance's %s", m.Keyword, turn.Kind)
							}
							seen["chance "+key] = true
							if err := s.Chance(rng); err != nil {
								t.Fatal(err)
							}
							continue
						}
						if _, ok := gd.Decision(m.Keyword, turn.Kind); !ok && !seen[key] {
							t.Errorf("%s: no words for the decision %s", m.Keyword, turn.Kind)
						}
						seen[key] = true
						legal := s.Legal(nil)
						for _, a := range legal {
							c := s.Choice(a)
							if c.Label == "" {
								t.Errorf("%s %s: the choice %q has no label", m.Keyword, turn.Kind, c.Text)
							}
						}
						if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			t.Logf("turns seen: %d", len(seen))
		})
	}
}

// TestGamesGuide wants GET /api/games to carry each game's guide and the
// addresses of its rulebook.
func TestGamesGuide(t *testing.T) {
	h := newTestServer(t)
	w := call(h, "GET", "/api/games", "")
	var list struct {
		Games []struct {
			Name     string            `json:"name"`
			Guide    *game.Guide       `json:"guide"`
			Rulebook map[string]string `json:"rulebook"`
		} `json:"games"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	for _, g := range list.Games {
		want := gameNamed(g.Name)
		if want == nil {
			t.Errorf("%s is no game of the tests", g.Name)
			continue
		}
		if (g.Guide == nil) != (want.Guide == nil) || g.Guide != nil && strings.Join(g.Guide.HowTo, "\n") != strings.Join(want.Guide.HowTo, "\n") {
			t.Errorf("%s: the guide listed is not the game's", g.Name)
		}
		if want.Rulebook != nil && (g.Rulebook["a4"] != "/rulebook/"+g.Name+"-a4.pdf" || g.Rulebook["letter"] != "/rulebook/"+g.Name+"-letter.pdf") {
			t.Errorf("%s: the rulebook's addresses are %v", g.Name, g.Rulebook)
		}
		if want.Rulebook == nil && g.Rulebook != nil {
			t.Errorf("%s has no rulebook, but is listed with %v", g.Name, g.Rulebook)
		}
	}
	if house := gameNamed("house"); house.Guide.Words["countdown"].Name == "" {
		t.Error("the house game's guide does not name the countdown jockey")
	}
}

func gameNamed(name string) *game.Game {
	for _, g := range testGames() {
		if g.Name == name {
			return &g
		}
	}
	return nil
}

// TestRulebook serves the rulebook of every game that has one, A4 and
// Letter, as furlong rulebook draws it, drawn once and then kept; a name
// that is no rulebook's is a 404 that names the games with one.
func TestRulebook(t *testing.T) {
	sv := newTestServer(t)
	var books []game.Game
	for _, g := range realGames() {
		if g.Rulebook != nil {
			books = append(books, g)
		}
	}
	for _, g := range books {
		for _, paper := range []string{"a4", "letter"} {
			path := "/rulebook/" + g.Name + "-" + paper + ".pdf"
			w := call(sv, "GET", path, "")
			if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF-")) {
				t.Fatalf("%s: %d %s %.40q", path, w.Code, w.Header().Get("Content-Type"), w.Body.String())
			}
			want, aerr := drawRulebook(&g, paper)
			if aerr != nil {
				t.Fatal(aerr.Message)
			}
			if !bytes.Equal(w.Body.Bytes(), want) {
				t.Errorf("%s is not the rulebook the game draws", path)
			}
			again := call(sv, "GET", path, "")
			if !bytes.Equal(again.Body.Bytes(), w.Body.Bytes()) || again.Header().Get("ETag") == "" {
				t.Errorf("%s asked again differs, or has no ETag", path)
			}
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("If-None-Match", again.Header().Get("ETag"))
			rec := httptest.NewRecorder()
			sv.ServeHTTP(rec, req)
			if rec.Code != http.StatusNotModified {
				t.Errorf("%s with its ETag: %d, want 304", path, rec.Code)
			}
		}
	}
	if n := len(sv.rulebooks.pdfs); n != 2*len(books) {
		t.Errorf("%d rulebooks kept, want %d", n, 2*len(books))
	}
	for _, path := range []string{"/rulebook/chess-a4.pdf", "/rulebook/house-a5.pdf", "/rulebook/", "/rulebook/house"} {
		w := call(sv, "GET", path, "")
		if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "house, greatraces") {
			t.Errorf("%s: %d %s", path, w.Code, w.Body.String())
		}
	}
	if w := call(sv, "POST", "/rulebook/house-a4.pdf", ""); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST a rulebook: %d", w.Code)
	}
}
