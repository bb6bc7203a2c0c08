package referee

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine"
	"furlong/internal/testkit"
)

// headerWords start the statements of a header that may come in any
// order after the game line (the rail lines keep theirs among themselves:
// each draws again for the tie of the one before).
var headerWords = map[string]bool{"players": true, "layout": true, "call": true, "jockey": true, "wager": true, "rail": true, "firsthome": true}

// shuffleHeader writes src with the statements of its header after the
// game line in an order rng draws, the rail lines in theirs; comments and
// blank lines of the header go.
func shuffleHeader(src []byte, rng *rand.Rand) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	var game string
	var head, rails []string
	i := 0
	for ; i < len(lines); i++ {
		f := strings.Fields(strings.SplitN(lines[i], "#", 2)[0])
		switch {
		case len(f) == 0:
		case f[0] == "game" && game == "":
			game = lines[i]
		case f[0] == "rail":
			rails = append(rails, lines[i])
			head = append(head, "")
		case headerWords[f[0]]:
			head = append(head, lines[i])
		default:
			goto body
		}
	}
body:
	rng.Shuffle(len(head), func(a, b int) { head[a], head[b] = head[b], head[a] })
	var b strings.Builder
	b.WriteString(game)
	for _, h := range head {
		if h == "" {
			h, rails = rails[0], rails[1:]
		}
		if !strings.HasSuffix(h, "\n") {
			h += "\n"
		}
		b.WriteString(h)
	}
	for _, l := range lines[i:] {
		b.WriteString(l)
	}
	return []byte(b.String())
}

// TestHeaderOrder is a metamorphic test of issue 21, item 1: every valid
// example and case, logs and transcripts alike, judged with the lines of
// its header shuffled into orders the notation allows, has the verdict it
// has as written. (A wager or jockey line above the players line was once
// booked to the first seat.)
func TestHeaderOrder(t *testing.T) {
	var files []testkit.Example
	valid, _ := testkit.Examples(t, "house")
	files = append(files, valid...)
	cases, _ := filepath.Glob(filepath.Join("testdata", "cases", "v*.txtar"))
	for _, c := range cases {
		ar, err := txtar.ParseFile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".log") || strings.HasSuffix(f.Name, ".txt") {
				files = append(files, testkit.Example{Name: filepath.Base(c), Data: f.Data})
			}
		}
	}
	for _, ex := range files {
		o := engine.JudgeOptions{Partial: true}
		want, wantJS := testkit.Verdict(t, judge, ex.Data, o)
		for k := range 8 {
			src := shuffleHeader(ex.Data, rand.New(rand.NewPCG(uint64(k), 21)))
			have, haveJS := testkit.Verdict(t, judge, src, o)
			if have != want || haveJS != wantJS {
				t.Errorf("%s, header shuffled:\n%s\nhave:\n%s\nwant:\n%s", ex.Name, head(src), have, want)
				break
			}
		}
	}
}

// head is the first lines of src, for a message.
func head(src []byte) string {
	lines := bytes.SplitAfter(src, []byte("\n"))
	return string(bytes.Join(lines[:min(len(lines), 10)], nil))
}

// TestWagersAbovePlayers: the Duel of issue 21, item 1, both wagers above
// the players line, scores as with them below it.
func TestWagersAbovePlayers(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	for _, ex := range valid {
		if !strings.Contains(string(ex.Data), "\nwager ") || !strings.HasSuffix(ex.Name, ".log") {
			continue
		}
		lines := strings.SplitAfter(string(ex.Data), "\n")
		var wagers, rest []string
		for _, l := range lines {
			if strings.HasPrefix(l, "wager ") || strings.HasPrefix(l, "jockey ") {
				wagers = append(wagers, l)
			} else {
				rest = append(rest, l)
			}
		}
		var src strings.Builder
		for _, l := range rest {
			if strings.HasPrefix(l, "players ") {
				for _, w := range wagers {
					src.WriteString(w)
				}
			}
			src.WriteString(l)
		}
		want, err := Judge(bytes.NewReader(ex.Data), engine.JudgeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		have, err := Judge(strings.NewReader(src.String()), engine.JudgeOptions{})
		if err != nil {
			t.Fatalf("%s with its wagers and jockeys above the players: %v", ex.Name, err)
		}
		if have.Text() != want.Text() {
			t.Errorf("%s with its wagers and jockeys above the players:\n%s\nwant:\n%s", ex.Name, have.Text(), want.Text())
		}
	}
}
