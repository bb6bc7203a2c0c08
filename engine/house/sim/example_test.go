package sim_test

import (
	"fmt"

	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/sim"
)

// A run of races between two greedy bots: the figures depend on the seed
// only, never on the number of workers.
func ExampleRun() {
	t := sim.Table{Mode: house.Duel, Players: 2, Bots: []string{"greedy"}}
	rep, err := sim.Run(sim.Options{Table: t, RunOptions: engine.RunOptions{Games: 1000, Seed: 7}})
	if err != nil {
		fmt.Println(err)
		return
	}
	one, _ := sim.Run(sim.Options{Table: t, RunOptions: engine.RunOptions{Games: 1000, Seed: 7, Workers: 1}})
	st := rep.Stats()
	fmt.Println(rep.Races, "races;", "same figures on one worker:", one.Stats().Turns.Mean() == st.Turns.Mean() && one.Stats().Wins == st.Wins)
	fmt.Println("median turns per race between 14 and 24:", rep.Turns.Median >= 14 && rep.Turns.Median <= 24)
	// Output:
	// 1000 races; same figures on one worker: true
	// median turns per race between 14 and 24: true
}
