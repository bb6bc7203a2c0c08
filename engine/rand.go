package engine

import "math/rand/v2"

// RaceSeed is the seed of game i of a run with the given seed. Each game
// of a run gets its own generator from it, so its dice do not depend on
// which worker plays it or on how many workers there are.
func RaceSeed(seed uint64, i int) (uint64, uint64) {
	return mix(seed ^ 0x9e3779b97f4a7c15), mix(seed + uint64(i)*0xbf58476d1ce4e5b9 + 1)
}

// RaceRand returns a fresh generator for game i of a run.
func RaceRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(RaceSeed(seed, i)))
}

// mix is splitmix64's finaliser.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// Roll throws one six-sided die.
func Roll(rng *rand.Rand) int8 { return int8(1 + rng.IntN(6)) }
