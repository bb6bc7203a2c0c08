package cli

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/game"
)

// runOut runs furlong as run does, with a printing command's -o in a
// folder of the test's when args give none.
func runOut(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	switch args[0] {
	case "sheets", "kit", "rulebook", "cards":
		if !slices.Contains(args, "-o") {
			args = append(args, "-o", t.TempDir())
		}
	}
	return run(t, "", args...)
}

// examplesDir is the repository's examples folder.
var examplesDir = filepath.Join("..", "..", "..", "..", "examples")

// TestKnowsNoGame: the command line imports no game outside registry.go,
// not its plug, engine, templates nor words (issue 17, item 5).
func TestKnowsNoGame(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	games, _ := os.ReadDir(filepath.Join("..", "game"))
	var roots []string
	for _, g := range games {
		if g.IsDir() {
			for _, r := range []string{"furlong/cmd/furlong/internal/game/", "furlong/engine/", "furlong/templates/", "furlong/content/"} {
				roots = append(roots, r+g.Name())
			}
		}
	}
	if len(roots) == 0 {
		t.Fatal("no game plug found")
	}
	for _, f := range files {
		if f == "registry.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range ast.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for _, r := range roots {
				if p == r || strings.HasPrefix(p, r+"/") {
					t.Errorf("%s imports %s: only registry.go knows the games", f, p)
				}
			}
		}
	}
}

// TestUsageErrors: every mistake of the command line is a usage error
// (exit 2, with the pointer to --help), cobra's own among them, told by
// its type and not its words.
func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"nope"},
		{"games", "extra"},
		{"cards", "extra"},
		{"kit", "extra"},
		{"man"},
		{"man", "a", "b"},
		{"check", "--nope", "x"},
		{"simulate", "--races"},
		{"simulate", "--races", "many"},
		{"simulate", "--json=maybe"},
		{"odds", "5", "6"},
		{"sheets", "-z"},
	} {
		code, _, errw := run(t, "", args...)
		if code != exitUsage || !strings.HasPrefix(errw, "furlong: ") || !strings.Contains(errw, "--help' for usage") {
			t.Errorf("%q: exit %d, %q; want %d and a usage message", args, code, errw, exitUsage)
		}
	}
	if code, out, _ := run(t, ""); code != exitOK || !strings.Contains(out, "Available Commands") {
		t.Errorf("furlong alone: exit %d, want its help", code)
	}
}

// TestBase10: numbers are read in base 10 only, everywhere: 0x10 and
// 1_000 are refused as 1e3 is, not read as 16 and 1000 (issue 21, item 9).
func TestBase10(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--races", "0x10"},
		{"simulate", "--races", "1_000"},
		{"simulate", "--races", "1e3"},
		{"simulate", "--seed", "0x10"},
		{"simulate", "--workers", "0b1"},
		{"simulate", "--game", "duel", "--players", "0o3"},
		{"sheets", "--game", "duel", "--players", "0x2"},
		{"review", "--rollouts", "1_0", "testdata/07_duel_wire_rolloff_wagers.log"},
		{"review", "--seed", "0x1", "testdata/07_duel_wire_rolloff_wagers.log"},
		{"sheets", "--from", "testdata/07_duel_wire_rolloff_wagers.log", "--turn", "0x1"},
		{"odds", "--players", "0x3"},
		{"odds", "--pot", "1_0", "--players", "3"},
	} {
		code, _, errw := runOut(t, args...)
		if code != exitUsage || !strings.Contains(errw, "want a whole number") {
			t.Errorf("%q: exit %d, %q; want %d and a whole number", args, code, errw, exitUsage)
		}
	}
}

// TestGameFlags: a game's flag says which game it belongs to, in the help
// and in the message for a game that does not take it, and an empty value
// means the same in every game (issue 17; issue 21, item 9).
func TestGameFlags(t *testing.T) {
	_, out, _ := run(t, "", "simulate", "--help")
	for _, want := range []string{
		"--board string     greatraces: the board",
		"                   horserace: the board: A (standard), B, C or D",
		"                   raceyourbets: the board, graded",
		"--bank string      horserace: chips each player starts with",
		"--wagers           house: the bots name side wagers",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("simulate --help lacks %q:\n%s", want, out)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--game", "duel", "--bank", "5"}, "--bank is an option of Horse Race, not of The Duel (--game duel)"},
		{[]string{"sheets", "--game", "greatraces", "--finish", "12"}, "--finish is an option of Race Your Bets, not of The Great Races (--game greatraces)"},
		{[]string{"simulate", "--game", "raceyourbets", "--board", "A"}, `--board A: "A" is not a board: want graded, level`},
	} {
		code, _, errw := runOut(t, tc.args...)
		if code != exitUsage || !strings.Contains(errw, tc.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, exitUsage, tc.want)
		}
	}
	for _, g := range gamesWith(func(g *game.Game) bool {
		return slices.ContainsFunc(g.Flags, func(f game.Flag) bool { return f.Name == "board" && f.Takes("sheets") })
	}) {
		g := g.Name
		code, _, errw := runOut(t, "sheets", "--game", g, "--board", "")
		if want := `furlong: --board "": an empty value; leave the flag out for ` + g + `'s default`; code != exitUsage || !strings.HasPrefix(errw, want) {
			t.Errorf("--game %s --board '': exit %d, %q; want %q", g, code, errw, want)
		}
	}
	for _, cmd := range []string{"sheets", "simulate", "kit"} {
		if code, _, errw := runOut(t, cmd, "--game", ""); code != exitUsage || !strings.Contains(errw, `--game "": an empty value`) {
			t.Errorf("%s --game '': exit %d, %q", cmd, code, errw)
		}
	}
}

// TestSetupErrors: a table a game cannot seat reads alike in every game,
// as the flag that asked for it (issue 17, item 3).
func TestSetupErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sheets", "--game", "duel", "--players", "7"}, "--players 7: The Duel is for 2 to 6 players, not 7"},
		{[]string{"sheets", "--game", "greatraces", "--players", "7"}, "--players 7: The Great Races is for 2 to 6 players, not 7"},
		{[]string{"sheets", "--game", "horserace", "--players", "13"}, "--players 13: Horse Race is for 2 to 12 players, not 13"},
		{[]string{"sheets", "--game", "raceyourbets", "--players", "6"}, "--players 6: Race Your Bets is for 2 to 5 players, not 6"},
		{[]string{"sheets", "--game", "solo", "--players", "2"}, "--players 2: Riding alone is for 1 player, not 2"},
		{[]string{"sheets", "--game", "book", "--names", "Ann"}, "--names Ann: The Book is for 2 to 6 players, not 1"},
		{[]string{"kit", "--game", "raceyourbets", "--players", "6"}, "--players 6: Race Your Bets is for 2 to 5 players, not 6"},
		{[]string{"simulate", "--game", "duel", "--players", "7"}, "--players 7: The Duel is for 2 to 6 players, not 7"},
		{[]string{"simulate", "--game", "greatraces", "--players", "7"}, "--players 7: The Great Races is for 2 to 6 players, not 7"},
		{[]string{"simulate", "--game", "horserace", "--players", "13"}, "--players 13: Horse Race is for 2 to 12 players, not 13"},
		{[]string{"simulate", "--game", "raceyourbets", "--players", "6"}, "--players 6: Race Your Bets is for 2 to 5 players, not 6"},
		{[]string{"simulate", "--game", "greatraces", "--bot", "a,b,c,d,e,f,g"}, "--bot a,b,c,d,e,f,g: The Great Races is for 2 to 6 players, not 7"},
		{[]string{"simulate", "--game", "greatraces", "--bot", "clever"}, `--bot clever: unknown bot "clever" (want random, greedy, expert)`},
		{[]string{"simulate", "--game", "raceyourbets", "--players", "3", "--bot", "greedy,expert"}, "--bot greedy,expert: 2 bots for 3 players: give one bot for every seat, or one per seat"},
	} {
		code, _, errw := runOut(t, tc.args...)
		if code != exitUsage || !strings.HasPrefix(errw, "furlong: "+tc.want+"\n") {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, exitUsage, tc.want)
		}
	}
}

// TestSimulateTables: the loop over table sizes, the log names and the
// header are the command line's, alike for every game (issue 17, item 3;
// issue 20): every size of the mode without --players, the number of
// bots given one per seat, and logs numbered across the tables.
func TestSimulateTables(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		header string
		tables int
	}{
		{[]string{"--game", "greatraces"}, "furlong simulate --game greatraces --races 3 --seed 1\nThe Great Races: 5 tables of 3 games each, bots greedy; board standard\n", 5},
		{[]string{"--game", "raceyourbets", "--bot", "greedy,random,expert"}, "furlong simulate --game raceyourbets --races 3 --seed 1 --bot greedy,random,expert\nRace Your Bets: 1 table of 3 games, bots greedy,random,expert; board graded, finish 20\n", 1},
		{[]string{"--game", "duel"}, "furlong simulate --game duel --races 3 --seed 1\nThe Duel: 5 tables of 3 games each, bots greedy; call 3, jockeys none, wagers off\n", 5},
		{[]string{"--game", "horserace", "--players", "3"}, "furlong simulate --game horserace --players 3 --races 3 --seed 1\nHorse Race: 1 table of 3 games; board A, bank 0, rounds 1\n", 1},
		{[]string{"--game", "horserace"}, "furlong simulate --game horserace --races 3 --seed 1\nHorse Race: 11 tables of 3 games each; board A, bank 0, rounds 1\n", 11},
		{nil, "furlong simulate --game house --races 3 --seed 1\nfurlong: 12 tables of 3 games each, bots greedy; call 3, jockeys none, wagers off\n", 12},
	} {
		dir := t.TempDir()
		args := append([]string{"simulate", "--races", "3", "--logs", dir}, tc.args...)
		code, out, errw := run(t, "", args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errw)
		}
		if !strings.HasPrefix(out, tc.header+"\n") {
			t.Errorf("%q: the figures begin\n%.300s\nwant\n%s", args, out, tc.header)
		}
		logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
		if len(logs) != 3*tc.tables || filepath.Base(logs[len(logs)-1]) != "race-"+strings.Repeat("0", 7-len(strconv.Itoa(len(logs)-1)))+strconv.Itoa(len(logs)-1)+".log" {
			t.Errorf("%q: %d logs, the last %s; want %d numbered from 0", args, len(logs), logs[len(logs)-1], 3*tc.tables)
		}
		if code, _, errw := run(t, "", append([]string{"check", "-q"}, logs...)...); code != exitOK {
			t.Errorf("%q: check of the logs: exit %d: %s", args, code, errw)
		}
	}
	// Several tables of a game without a summary of its own print as
	// one JSON object with every table.
	code, out, _ := run(t, "", "simulate", "--game", "horserace", "--races", "2", "--json")
	if code != exitOK || !strings.Contains(out, `"games_per_table": 2`) || strings.Count(out, `"players":`) < 11 {
		t.Errorf("horserace --json: exit %d\n%.400s", code, out)
	}
}

// TestOutputNames: "-" and ".pdf" mean what they mean elsewhere, or the
// command refuses them as a usage error (issue 21, item 7).
func TestOutputNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	kits := fmt.Sprintf("kit writes a folder for each of %d games", len(gamesWith(hasKit)))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"kit", "-o", "-"}, "-o - names one file, but " + kits},
		{[]string{"kit", "-o", "all.pdf"}, "-o all.pdf names one file, but " + kits},
		{[]string{"simulate", "--races", "2", "--logs", "-"}, "--logs -: the logs are a file each; give a folder"},
		{[]string{"simulate", "--races", "2", "--plot", "-"}, "--plot -: standard output takes the figures"},
	} {
		code, out, errw := run(t, "", tc.args...)
		if code != exitUsage || !strings.Contains(errw, tc.want) || out != "" {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, exitUsage, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused commands made %v", ents)
	}
	code, out, errw := run(t, "", "kit", "--game", "greatraces", "-o", "kit.pdf")
	if b, _ := os.ReadFile("kit.pdf"); code != exitOK || out != "kit.pdf\n" || !strings.HasPrefix(string(b), "%PDF") {
		t.Errorf("kit -o kit.pdf: exit %d, %q %s", code, out, errw)
	}
	if fi, err := os.Stat("kit.pdf"); err != nil || fi.IsDir() {
		t.Errorf("kit.pdf is not a file: %v", err)
	}
	code, out, _ = run(t, "", "kit", "--game", "greatraces", "-o", "-")
	if code != exitOK || !strings.HasPrefix(out, "%PDF") {
		t.Errorf("kit -o -: exit %d, %.20q", code, out)
	}
}

// TestFileNames: a printable's name reads alike in every game: in the kit
// the game's folder holds rulebook-a4.pdf, outside it the game's name
// comes first (issue 20).
func TestFileNames(t *testing.T) {
	dir := t.TempDir()
	code, out, errw := run(t, "", "kit", "-o", dir)
	if code != exitOK {
		t.Fatalf("kit: exit %d: %s", code, errw)
	}
	for _, g := range gamesWith(hasKit) {
		if !strings.Contains(out, filepath.Join(dir, g.Name, "rulebook-a4.pdf")+"\n") || !strings.Contains(out, filepath.Join(dir, g.Name, "kit-a4.pdf")+"\n") {
			t.Errorf("the kit of %s is not named alike:\n%s", g.Name, out)
		}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasPrefix(filepath.Base(l), g.Name+"-") {
				t.Errorf("%s: the game's name twice", l)
			}
		}
	}
	for _, tc := range []struct{ game, file string }{
		{"greatraces", "greatraces-sheet-a4.pdf"},
		{"horserace", "horserace-board-a4.pdf"},
		{"raceyourbets", "raceyourbets-logpad-a4.pdf"},
		{"duel", "house-duel-sheets-a4.pdf"},
	} {
		code, out, errw := run(t, "", "sheets", "--game", tc.game, "-o", dir)
		if code != exitOK || !strings.Contains(out, filepath.Join(dir, tc.file)+"\n") {
			t.Errorf("sheets --game %s: exit %d, %q %s; want %s", tc.game, code, out, errw, tc.file)
		}
	}
	code, out, _ = run(t, "", "rulebook", "--game", "greatraces", "-o", dir)
	if code != exitOK || out != filepath.Join(dir, "greatraces-rulebook-a4.pdf")+"\n" {
		t.Errorf("rulebook --game greatraces: %q", out)
	}
}

// TestCheckNamesWinner: check's "ok" line names the winner in every game,
// from the verdict's standings (issue 20).
func TestCheckNamesWinner(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"house/07_duel_wire_rolloff_wagers.log", "; Ana wins\n"},
		{"greatraces/two-players.log", "; Ana wins\n"},
		{"horserace/01_two_players_board_d.log", "; Ben wins\n"},
		{"raceyourbets/04_shared_win.log", "; Ana and Ben share the win\n"},
		{"house/01_solo_carrot_camera_layout3_bet.log", "6 turns\n"},
	} {
		code, out, errw := run(t, "", "check", filepath.Join(examplesDir, tc.file))
		if code != exitOK || !strings.HasSuffix(out, tc.want) {
			t.Errorf("%s: exit %d, %q %s; want it to end %q", tc.file, code, out, errw, tc.want)
		}
	}
}

// TestCheckFullOutput: a verdict check cannot write is a problem, as it is
// for score, not an exit 0 (issue 21, item 8).
func TestCheckFullOutput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	for _, cmd := range []string{"check", "score"} {
		var errw strings.Builder
		code := Main([]string{cmd, "testdata/07_duel_wire_rolloff_wagers.log"}, strings.NewReader(""), full, &errw)
		if code != exitProblem || !strings.Contains(errw.String(), "no space left") {
			t.Errorf("%s > /dev/full: exit %d, %q; want %d", cmd, code, errw.String(), exitProblem)
		}
	}
}

// TestQuotedNames: a file name reaches a message or a listing quoted when
// it holds a newline, an escape or a format character, so that it cannot
// forge a line (issue 21, item 6).
func TestQuotedNames(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/07_duel_wire_rolloff_wagers.log")
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := os.ReadFile("testdata/i01_one_rule.log")
	name := "a\nfake.log:1: ok\x1b[2J\u202e.log"
	good, broken := filepath.Join(dir, name), filepath.Join(dir, name+"x")
	if os.WriteFile(good, src, 0o644) != nil || os.WriteFile(broken, bad, 0o644) != nil {
		t.Skip("this file system takes no such name")
	}
	code, out, errw := run(t, "", "check", good, broken)
	for _, s := range []string{out, errw} {
		if strings.Count(s, "\n") != 1 || strings.ContainsAny(s, "\x1b\u202e") {
			t.Errorf("check: exit %d, a raw name: %q", code, s)
		}
	}
	if !strings.HasPrefix(out, strconv.Quote(good)+": ok") || !strings.HasPrefix(errw, strconv.Quote(broken)+":26: ") {
		t.Errorf("check: %q %q", out, errw)
	}
	for _, args := range [][]string{
		{"score", good},
		{"review", broken},
		{"check", filepath.Join(dir, "no\nsuch\x1b.log")},
		{"rulebook", "-o", filepath.Join(dir, "x\x1b[31m", "r.pdf")},
	} {
		code, out, errw := run(t, "", args...)
		if strings.ContainsAny(out+errw, "\x1b\u202e") || strings.Contains(errw, "\nsuch") {
			t.Errorf("%q: exit %d, a raw name: %q %q", args, code, out[:min(len(out), 80)], errw)
		}
	}
}

// TestSmallThings are issue 21's item 9 and item 5, each as a user meets
// it.
func TestSmallThings(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop.pdf")
	os.Symlink("loop2.pdf", loop)
	os.Symlink("loop.pdf", filepath.Join(dir, "loop2.pdf"))
	blank := filepath.Join(dir, "blank.log")
	os.WriteFile(blank, []byte("\n\n   \n# a comment\n\n"), 0o644)
	empty := filepath.Join(dir, "empty.log")
	os.WriteFile(empty, nil, 0o644)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"review", "--rollouts", "10001", "testdata/07_duel_wire_rolloff_wagers.log"}, exitUsage, "furlong: --rollouts 10001: play each decision out 0 to 10000 times"},
		{[]string{"sheets", "--from", "testdata/07_duel_wire_rolloff_wagers.log", "--turn", "0"}, exitUsage, "furlong: --turn 0: want a turn of the log, 1 or more"},
		{[]string{"sheets", "--from", "testdata/07_duel_wire_rolloff_wagers.log", "--turn", "-1"}, exitUsage, "furlong: --turn -1: want a turn of the log, 1 or more"},
		{[]string{"rulebook", "-o", loop}, exitProblem, "furlong: " + loop + " is a symbolic link that leads to no file: its links loop"},
		{[]string{"sheets", "--game", "duel", "--names", "Ann,\u202eneB"}, exitUsage, "furlong: --names: name 2 holds U+202E, a control or format character"},
		{[]string{"sheets", "--game", "duel", "--names", "Ann,B\u200bn"}, exitUsage, "furlong: --names: name 2 holds U+200B"},
		{[]string{"check", dir}, exitProblem, dir + ": a folder, not a file: name the files in it (" + filepath.Join(dir, "*.log") + ")\n"},
		{[]string{"score", dir}, exitProblem, dir + ": a folder, not a file"},
		{[]string{"check", blank}, exitProblem, blank + ": the file holds no statement: a log begins with a game line"},
		{[]string{"check", empty}, exitProblem, empty + ": the file holds no statement: a log begins with a game line"},
		{[]string{"score", blank}, exitProblem, blank + ": the file holds no statement"},
		{[]string{"review", blank}, exitProblem, blank + ": the file holds no statement"},
		{[]string{"sheets", "--from", blank}, exitProblem, blank + ": the file holds no statement"},
		{[]string{"odds", "--pot", "60"}, exitUsage, "furlong: --pot 60 needs --players"},
		{[]string{"odds", "--scratched", "5", "6", "8", "9"}, exitUsage, "furlong: odds takes no arguments, but was given 6 8 9: several horses are written with commas, --scratched 5,6,8,9"},
	} {
		code, _, errw := runOut(t, tc.args...)
		if code != tc.code || !strings.HasPrefix(errw, tc.stderr) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, tc.code, tc.stderr)
		}
	}
	// score --json words a file it cannot read as check does.
	code, out, _ := run(t, "", "score", "--json", dir)
	if code != exitProblem || !strings.Contains(out, `"message": "a folder, not a file: name the files in it (`) {
		t.Errorf("score --json DIR: exit %d, %s", code, out)
	}
	code, out, _ = run(t, "", "score", "--json", blank)
	if code != exitProblem || strings.Contains(out, `"line"`) {
		t.Errorf("score --json of blank lines: exit %d, %s", code, out)
	}
}

// TestServes: a command a game does not have exits 1 and says which games
// it serves, and its help says so too (issue 20).
func TestServes(t *testing.T) {
	// Bare, a stand-in, has neither review nor sheets --from, whichever
	// games have them.
	withStandins(t)
	bare := writeText(t, t.TempDir(), "bare.log", "game bare\nplayers Ana Ben\nround 1: 6 6\nround 2: 6 6\n")
	review := serving(func(g *game.Game) bool { return g.Review != nil })
	from := serving(func(g *game.Game) bool { return g.SheetsFrom != nil })
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"cards", "--game", "greatraces"}, "furlong: The Great Races has no cards to print: cards serves house\n"},
		{[]string{"review", bare}, "furlong: Bare has no review yet: review serves " + review + "\n"},
		{[]string{"sheets", "--from", bare}, "furlong: Bare cannot draw sheets from a file yet: sheets --from serves " + from + "\n"},
	} {
		code, _, errw := runOut(t, tc.args...)
		if code != exitProblem || errw != tc.want {
			t.Errorf("%q: exit %d, %q; want %d and %q", tc.args, code, errw, exitProblem, tc.want)
		}
	}
	for _, cmd := range [][]string{{"cards", "It serves the games that have cards: house."}, {"review", "review serves the games that have a review: " + review + "."}, {"sheets", "--from serves " + from + "."}} {
		_, out, _ := run(t, "", cmd[0], "--help")
		if !strings.Contains(strings.Join(strings.Fields(out), " "), cmd[1]) {
			t.Errorf("%s --help does not say %q:\n%s", cmd[0], cmd[1], out)
		}
	}
}
