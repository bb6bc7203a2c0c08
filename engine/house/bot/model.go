package bot

import "furlong/engine/house"

// sheet is a seat's sheet as the engine's fast path has it (house.Sheet),
// on which the bots try moves with the engine's own rules, and what the
// planner caches on it for one decision.
type sheet struct {
	house.Sheet
	// base caches the planner's value of each lane as it stands (bit i of
	// based says lane i's is good), for the decision the sheet was loaded for.
	base  [house.Lanes]float32
	based uint8
	// memo caches the planner's score of plain moves that make no arrow:
	// memo[i*8+s] is lane i+1's with stride s, good while bit i*8+s of
	// memoOK is set (one index for both, with no bounds to check).
	memo   [64]float32
	memoOK uint64
	// strides caches Strides of each lane (1-6), good while bit lane of
	// strideOK is set: a keep asks it of six lanes for thirty ways round.
	strides  [8]uint8
	strideOK uint8
}

// forget drops every cached value of the sheet.
func (sh *sheet) forget() { sh.based, sh.memoOK, sh.strideOK = 0, 0, 0 }

// load reads seat p's sheet from the race.
func (sh *sheet) load(r *house.Race, p int) {
	r.LoadSheet(p, &sh.Sheet)
	sh.forget()
}

// power reports whether the rider still holds a once-a-race jockey power.
func (sh *sheet) power() bool {
	pl := sh.Player()
	return pl.Jockey().OncePerRace() && !pl.PowerUsed()
}

// apply writes move m on the sheet and drops what it makes stale.
func (sh *sheet) apply(m house.Move) house.Effect {
	e := sh.Write(m)
	i := m.Lane - 1
	sh.based &^= 1 << (uint8(i) & 7) // counts masked: no check that they fit
	sh.memoOK &^= 0xff << ((uint(i) & 7) * 8)
	sh.strideOK &^= 1 << (uint8(m.Lane) & 7)
	if e.Opened {
		sh.strideOK = 0 // Spread: a number that opens a lane opens no other
	}
	if e.Slip || e.Photo != 0 || e.Home || m.Double || m.Turnaround {
		// Arrows, photo sets, the wager and the powers left: every
		// cached score may have changed.
		sh.forget()
	}
	return e
}

// strike crosses out the last live number of lane (1-6).
func (sh *sheet) strike(lane int8) {
	sh.Strike(int(lane))
	sh.forget()
}

// photos counts the rider's photos of number v.
func (sh *sheet) photos(v int8) int {
	n := 0
	for _, p := range sh.Player().Photos() {
		if p == v {
			n++
		}
	}
	return n
}
