package horserace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
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
