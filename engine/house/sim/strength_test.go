package sim

import (
	"testing"

	"furlong/engine"
	"furlong/engine/house"
)

// TestExpertStronger: on the same dice (the planners draw nothing but the
// side wager from the generator, so race i has the same dice for both),
// the expert rides alone to a median past $275 and well past the greedy
// bot's, and beats it head to head.
func TestExpertStronger(t *testing.T) {
	races := 2000
	if testing.Short() {
		races = 300
	}
	solo := func(b string) int {
		st, err := Run(Options{Table: Table{Mode: house.Solo, Players: 1, Bots: []string{b}, Wagers: true}, RunOptions: engine.RunOptions{Games: races, Seed: 5}})
		if err != nil {
			t.Fatal(err)
		}
		return st.Stats().Purse[0].Quantile(0.5)
	}
	g, e := solo("greedy"), solo("expert")
	t.Logf("solo medians: greedy $%d, expert $%d", g, e)
	if e <= house.SoloRare || e < g+50 {
		t.Errorf("solo medians: greedy $%d, expert $%d; want the expert past $%d and $50 ahead", g, e, house.SoloRare)
	}
	st, err := Run(Options{Table: Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy", "expert"}, Wagers: true}, RunOptions: engine.RunOptions{Games: races, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	share := float64(st.Stats().BotWins[1]) / shareUnit / float64(st.Races)
	t.Logf("expert wins %.1f%% of two-player Duels against greedy", 100*share)
	if share < 0.65 {
		t.Errorf("expert wins %.1f%% against greedy, want 65%% or more", 100*share)
	}
}
