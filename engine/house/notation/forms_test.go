package notation

import (
	"bytes"
	"testing"

	"furlong/engine"
)

// readTurn reads a statement of a turn through the declaration, as the
// decoder's own code reads it: the form the statement's words say.
func readTurn(f [][]byte) (form int, err error) {
	form = -1
	switch string(f[0]) {
	case "roll":
		form = formRoll
	case "cut":
		form = formCut
	case "keep":
		form = formKeep
		if len(f) > 1 && string(f[1]) == "pass" {
			form = formKeepPass
		}
	default:
		if IsKeyword(string(f[0])) {
			return -1, nil
		}
		form = formPlay
		if len(f) > 1 && string(f[1]) == "pass" {
			form = formPlayPass
		}
	}
	var m engine.Match
	return form, forms.ReadForm(form, f, 1, &m)
}

// TestFormsDescribeTurns: the statements of a turn, which the decoder
// reads with its own code, are as the declaration describes them: every
// turn of the example logs reads through it, and the shapes the decoder
// refuses, it refuses too.
func TestFormsDescribeTurns(t *testing.T) {
	read := 0
	for _, file := range append(logFiles(t), logFile{"long", longDuel(4)}) {
		for i, line := range bytes.Split(file.data, []byte("\n")) {
			line, _, _ = bytes.Cut(line, []byte("#"))
			f := bytes.Fields(line)
			if len(f) == 0 {
				continue
			}
			form, err := readTurn(f)
			if form < 0 {
				continue
			}
			read++
			if err != nil {
				t.Errorf("%s:%d: %q: %v", file.name, i+1, line, err)
			}
		}
	}
	if read < 50 {
		t.Errorf("read %d statements of a turn, want 50 or more", read)
	}
	for _, line := range []string{
		"roll Ana 1 2 3", "roll Ana 1 2 3 4 5 6 1", "roll Ana 1 2 3 4 5 7", "cut 34 5", "cut 3456", "cut 34 56 12",
		"keep", "keep 35", "keep a:b", "keep 0:1", "keep 3:9", "keep pass 7", "keep pass 34 56",
		"Ana", "Ana 9:1", "Ana pass 77", "Ana pass 34 56",
	} {
		f := bytes.Fields([]byte(line))
		if _, err := readTurn(f); err == nil {
			t.Errorf("%q: the declaration reads it", line)
		}
		// What comes before the statement in a turn.
		before := map[string]string{"roll": "", "keep": "roll Ana 1 2 3 4 5 6\n", "cut": "roll Ana 1 2 3 4 5 6\nkeep 1:2\n"}
		turn, ok := before[string(f[0])]
		if !ok {
			turn = "roll Ana 1 2 3 4 5 6\nkeep 1:2\ncut 34 56\n"
		}
		if _, err := DecodeBytes([]byte("game duel\nplayers Ana Ben\nlayout 4\n" + turn + line)); err == nil {
			t.Errorf("%q: the decoder reads it", line)
		}
	}
}
