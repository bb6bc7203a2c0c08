package horserace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine/horserace"
	"furlong/engine/horserace/sim"
	"furlong/examples"
	"furlong/internal/testkit"
)

// TestOddsSpec runs the command on §10's mid-race example: the text and
// the JSON carry the spec's figures.
func TestOddsSpec(t *testing.T) {
	o := OddsOptions{Board: "A", Scratched: []string{"5", "6", "8,9"}, At: []string{"2:2", "7:10"}}
	var text bytes.Buffer
	if err := Odds(o, &text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"board A, 5 6 8 9 scratched, 2 at 2, 7 at 10", "62.81%", "27.95%", "4.64%", "1.21%", "1.10%", "11 J"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("no %q in:\n%s", want, text.String())
		}
	}
	o.JSON = true
	var js bytes.Buffer
	if err := Odds(o, &js); err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Board  string
		Horses []struct {
			Horse int
			Win   float64
		}
	}
	if err := json.Unmarshal(js.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Board != "A" || len(ans.Horses) != 7 {
		t.Fatalf("%s", js.String())
	}
	want := map[int]string{2: "62.81", 3: "1.21", 4: "1.10", 7: "27.95", 10: "1.10", 11: "1.21", 12: "4.64"}
	for i, h := range ans.Horses {
		if i > 0 && h.Horse <= ans.Horses[i-1].Horse {
			t.Errorf("horses out of order: %v", ans.Horses)
		}
		if got := fmt.Sprintf("%.2f", 100*h.Win); got != want[h.Horse] {
			t.Errorf("horse %d: %s, want %s", h.Horse, got, want[h.Horse])
		}
	}
	if !strings.HasPrefix(js.String(), `{"board":"A","scratched":[5,6,8,9],"horses":[{"horse":2,"win":0.628`) {
		t.Errorf("json %s", js.String())
	}
}

// TestOddsPricing: with the table and the pot, a card is priced in chips.
func TestOddsPricing(t *testing.T) {
	var b bytes.Buffer
	if err := Odds(OddsOptions{Board: "d", Players: 6, Pot: 80}, &b); err != nil {
		t.Fatal(err)
	}
	// Board D, nothing scratched: horse 7 has 7.22%; two decks cut the
	// pot in 8, so a card is worth 0.0722 x 80 / 8 = 0.72 chips.
	if !strings.Contains(b.String(), "of 80 chips") || !strings.Contains(b.String(), "0.72\n") {
		t.Errorf("%s", b.String())
	}
}

func TestOddsErrors(t *testing.T) {
	for _, tt := range []struct {
		o    OddsOptions
		want string
	}{
		{OddsOptions{Board: "E"}, `--board "E": the boards are A, B, C and D`},
		{OddsOptions{Scratched: []string{"13"}}, `--scratched "13": a horse is 2 to 12 (J and Q for 11 and 12)`},
		{OddsOptions{Scratched: []string{"2", "3", "4", "5", "6"}}, "five horses scratched: the scratch lot holds four"},
		{OddsOptions{Scratched: []string{"7", "7"}}, "--scratched: horse 7 is named twice"},
		{OddsOptions{At: []string{"7"}}, `--at "7": write HORSE:SPACES, such as 7:10 for horse 7 ten spaces from its gate`},
		{OddsOptions{At: []string{"2:3"}}, "--at 2:3: horse 2's lane on board A has 3 spaces, so a horse still running has moved 0 to 2"},
		{OddsOptions{At: []string{"7:-1"}}, "--at 7:-1: horse 7's lane on board A has 17 spaces, so a horse still running has moved 0 to 16"},
		{OddsOptions{Scratched: []string{"7"}, At: []string{"7:2"}}, "horse 7 is scratched, so it never moves: a roll on it costs the roller its slot"},
		{OddsOptions{Players: 1}, "--players 1: Horse Race seats 2 to 12"},
		{OddsOptions{Pot: -3}, "--pot -3: a pot holds 0 chips or more"},
		{OddsOptions{Pot: 60}, "--pot 60 needs --players: the table fixes the decks, and so the share of the pot a card is worth"},
	} {
		err := Odds(tt.o, &bytes.Buffer{})
		var u game.UsageError
		if !errors.As(err, &u) || err.Error() != tt.want {
			t.Errorf("%+v: have %v, want usage error %q", tt.o, err, tt.want)
		}
	}
}

// odds runs the odds command with args, as the command line does, and
// returns what it printed and its error.
func odds(args ...string) (string, error) {
	var out, errw bytes.Buffer
	cmd := OddsCommand(game.Streams{In: strings.NewReader(""), Out: &out, Err: &errw})
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errw)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.Execute()
	return out.String(), err
}

// TestOddsCommand runs the odds command as a user would: the spec's
// mid-race example in the list forms the command takes, its JSON, and
// usage errors, among them a list written with spaces, which cobra reads
// as arguments: the message shows the form the command takes.
func TestOddsCommand(t *testing.T) {
	for _, args := range [][]string{
		{"--board", "A", "--scratched", "5,6,8,9", "--at", "2:2", "--at", "7:10"},
		{"--board", "A", "--scratched", "5", "--scratched", "6", "--scratched", "8", "--scratched", "9", "--at", "2:2,7:10"},
	} {
		out, err := odds(args...)
		if err != nil || !strings.Contains(out, "62.81%") || !strings.Contains(out, "27.95%") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	out, err := odds("--scratched", "6", "--scratched", "7,8,9", "--json")
	var ans struct {
		Board  string
		Horses []struct {
			Horse int
			Win   float64
		}
	}
	if jerr := json.Unmarshal([]byte(out), &ans); err != nil || jerr != nil || ans.Board != "A" || len(ans.Horses) != 7 || ans.Horses[0].Horse != 2 {
		t.Errorf("%v, %v: %s", err, jerr, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--at", "2:3"}, "horse 2's lane on board A has 3 spaces"},
		{[]string{"--board", "A", "--scratched", "5", "6", "8", "9", "--at", "2:2"}, "odds takes no arguments, but was given 6 8 9: several horses are written with commas, --scratched 5,6,8,9 (or --scratched 5 --scratched 6 ...)"},
		{[]string{"--pot", "60"}, "--pot 60 needs --players"},
		{[]string{"--board", ""}, `--board "": an empty value`},
	} {
		_, err := odds(tc.args...)
		var u game.UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: have %v, want a usage error holding %q", tc.args, err, tc.want)
		}
	}
}

// BenchmarkOdds is the odds command's whole work for the longest board
// with nothing scratched, text out: well under the few milliseconds the
// command may take.
func BenchmarkOdds(b *testing.B) {
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Odds(OddsOptions{Board: "A"}, &buf); err != nil {
			b.Fatal(err)
		}
	}
}

// oddsFrom runs odds --from on src and returns what it printed.
func oddsFrom(t *testing.T, src []byte, args ...string) (string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	cmd := OddsCommand(game.Streams{In: bytes.NewReader(src), Out: &out, Err: &errw})
	cmd.SetArgs(append([]string{"--from", "-"}, args...))
	cmd.SetOut(&out)
	cmd.SetErr(&errw)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.Execute()
	return out.String(), err
}

// TestOddsFrom: the odds where a log stops, priced against its pot at its
// table; a log that is over, still in its scratches or broken says so.
func TestOddsFrom(t *testing.T) {
	src, _ := examples.FS.ReadFile("horserace/invalid/i21_log_stops_early.log")
	out, err := oddsFrom(t, src)
	if err != nil || !strings.HasPrefix(out, "stdin stops in race 1 after eight race rolls, 50 chips in the pot, two players:\nHorse Race odds: board D, 6 7 8 9 scratched, 2 at 1, 3 at 2, 12 at 1") ||
		!strings.Contains(out, "45.12%") || !strings.Contains(out, "of 50 chips") {
		t.Errorf("%v\n%s", err, out)
	}
	js, err := oddsFrom(t, src, "--json")
	var ans OddsAnswer
	if jerr := json.Unmarshal([]byte(js), &ans); err != nil || jerr != nil || ans.From == nil || ans.From.Pot != 50 || ans.From.Rolls != 8 || len(ans.Horses) != 7 {
		t.Errorf("%v %v: %s", err, jerr, js)
	}
	done, _ := examples.FS.ReadFile("horserace/01_two_players_board_d.log")
	// A log whose race is over: its winner's chance is 1.
	out, err = oddsFrom(t, done)
	if err != nil || out != "stdin: race 1 is over after 10 race rolls: horse 3 has won it, and a card of it takes a share of the 63 chips at the split, 15 chips.\n" {
		t.Errorf("%v: %q", err, out)
	}
	js, err = oddsFrom(t, done, "--json")
	ans = OddsAnswer{}
	if jerr := json.Unmarshal([]byte(js), &ans); err != nil || jerr != nil || ans.From.Winner != 3 || ans.From.Pot != 63 {
		t.Errorf("%v %v: %s", err, jerr, js)
	}
	for _, h := range ans.Horses {
		if want := map[bool]float64{true: 1, false: 0}[h.Horse == 3]; h.Win != want {
			t.Errorf("horse %d: %v", h.Horse, h.Win)
		}
	}
	for _, tt := range []struct {
		src  string
		want string
	}{
		{string(done[:bytes.Index(done, []byte("scratch Ben 4 4"))]), "stdin: race 1 stops during its scratches, one of four slots filled"},
		{"game horserace\nplayers Ana Ben\ndealer Ben\n", "stdin: the log has no race yet"},
		{"game horserace\nplayers Ana Ben\ndealer Ben\nroll 1 1\n", "stdin:4: a race roll before any deal: a race begins with its deal lines (rulebook: The race)"},
	} {
		_, err := oddsFrom(t, []byte(tt.src))
		var u game.UsageError
		if err == nil || errors.As(err, &u) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("have %v, want an error beginning %q", err, tt.want)
		}
	}
	for _, f := range [][]string{{"--board", "B"}, {"--at", "2:1"}, {"--players", "3"}, {"--pot", "5"}, {"--scratched", "5"}} {
		_, err := oddsFrom(t, src, f...)
		var u game.UsageError
		if !errors.As(err, &u) {
			t.Errorf("--from with %v: %v, want a usage error", f, err)
		}
	}
}

// TestStoryIsTheOdds: the chances the review's story gives at every race
// roll are the ones furlong odds gives for that position, to the last
// bit, asked with flags or with --from on the log cut after that roll;
// and after a race's last roll the winner's chance is 1.
func TestStoryIsTheOdds(t *testing.T) {
	var logs [][]byte
	valid, _ := testkit.Examples(t, "horserace")
	for _, ex := range valid {
		logs = append(logs, ex.Data)
	}
	for i := range 6 {
		src, err := sim.PlayOne(sim.Table{Players: 2 + i, Board: horserace.AllBoards[i%4], Rounds: 1 + i%2}, 5, i)
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, src)
	}
	points := 0
	for _, src := range logs {
		rep, err := Game().Review(bytes.NewReader(src), game.ReviewOptions{})
		if err != nil {
			t.Fatal(err)
		}
		st := rep.(*storyReport).Story
		lines := strings.SplitAfter(string(src), "\n")
		for ri := range st.Races {
			r := &st.Races[ri]
			for i := range r.Points {
				p := &r.Points[i]
				if r.Winner != 0 && i == len(r.Points)-1 {
					if p.Chance[r.Winner] != 1 {
						t.Errorf("race %d: after its last roll the winner has %v", r.Race, p.Chance[r.Winner])
					}
					continue
				}
				o := OddsOptions{Board: st.Board}
				for _, h := range r.Scratched {
					o.Scratched = append(o.Scratched, fmt.Sprint(h))
				}
				for _, h := range r.Live {
					o.At = append(o.At, fmt.Sprintf("%d:%d", h, p.Pos[h]))
				}
				f, err := ParseField(o)
				if err != nil {
					t.Fatal(err)
				}
				ans := Answer(&f, 0, 0)
				for _, oh := range ans.Horses {
					if oh.Win != p.Chance[oh.Horse] {
						t.Fatalf("race %d roll %d, horse %d: the story says %v, furlong odds %v", r.Race, p.Roll, oh.Horse, p.Chance[oh.Horse], oh.Win)
					}
				}
				points++
				// Every fifth position, the log cut after the roll, as
				// --from reads it.
				if points%5 != 0 {
					continue
				}
				js, err := oddsFrom(t, []byte(strings.Join(lines[:p.Line], "")), "--json")
				var from OddsAnswer
				if jerr := json.Unmarshal([]byte(js), &from); err != nil || jerr != nil || from.From.Pot != p.Pot {
					t.Fatalf("race %d roll %d: %v %v, pot %+v against %d", r.Race, p.Roll, err, jerr, from.From, p.Pot)
				}
				for k, oh := range from.Horses {
					if oh.Win != p.Chance[oh.Horse] || oh.Win != ans.Horses[k].Win {
						t.Fatalf("race %d roll %d, horse %d: the story says %v, odds --from %v", r.Race, p.Roll, oh.Horse, p.Chance[oh.Horse], oh.Win)
					}
				}
			}
		}
	}
	if points < 200 {
		t.Errorf("only %d positions compared", points)
	}
}
