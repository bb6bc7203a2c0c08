package house

import (
	"encoding/json"
	"testing"

	"furlong/internal/testkit"
)

// TestExpectFigures plays again the simulator's runs the chapter "What to
// expect" quotes and wants the figures expect.json keeps (go test -update
// rewrites it): the chapter's numbers are the simulator's, never typed.
func TestExpectFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some 90,000 races")
	}
	figs, err := expectFigures()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(figs, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	testkit.Golden(t, "expect.json", append(b, '\n'))
}

// TestExpectValues: every figure the chapter may quote reads from
// expect.json.
func TestExpectValues(t *testing.T) {
	for _, name := range expectValues {
		if _, err := expectValue(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if tb := rbExpectTurns(); tb == "" || tb[0] == '(' {
		t.Errorf("the table of turns: %s", tb)
	}
}
