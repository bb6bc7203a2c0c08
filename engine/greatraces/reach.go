package greatraces

import "sync"

// Throws yields every one of the 1,296 ordered throws of four dice.
func Throws(yield func(d [Dice]int8) bool) {
	var d [Dice]int8
	for i := range 1296 {
		x := i
		for k := range d {
			d[k] = int8(x%6) + 1
			x /= 6
		}
		if !yield(d) {
			return
		}
	}
}

// Reach is how each race is fed, worked out over all 1,296 throws (spec
// §6): Some[r] is the chance that some split of a throw names race index
// r, Marks[r] the marks per throw of a player who marks it whenever a split
// allows, twice when both pairs of a split name it.
type Reach struct {
	Some, Marks [Races]float64
}

// Reaches returns the races' reach; it is worked out once.
var Reaches = sync.OnceValue(func() Reach {
	var rc Reach
	for d := range Throws {
		var best [Races]int
		for _, s := range Splits(d) {
			var c [Races]int
			c[s.A.Sum()-FirstRace]++
			c[s.B.Sum()-FirstRace]++
			for r := range c {
				best[r] = max(best[r], c[r])
			}
		}
		for r := range best {
			if best[r] > 0 {
				rc.Some[r]++
			}
			rc.Marks[r] += float64(best[r])
		}
	}
	for r := range rc.Some {
		rc.Some[r] /= 1296
		rc.Marks[r] /= 1296
	}
	return rc
})
