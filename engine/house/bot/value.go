package bot

import (
	"sync"

	"furlong/engine/house"
)

// The expert's lane values: the expected final pay of one lane that is
// offered t more chances to write a stride, each chance a fair die the
// rider may take (when the one rule allows it) or leave. It is the exact
// expectimax of that one-lane game, solved by dynamic programming for every
// slip rule, Carrot station, home bonus and lane multiplier, for each
// board's station pays, and read in O(1). The multiplier (BET, Ace, Five alike) scales the station's pay
// only; the first-home bonus and the side wager are paid once whatever it
// is (rulings §8), so each multiplier has tables of its own, solved the
// first time a lane with it is valued.
const (
	maxT      = 40
	slipPrice = 2.5 // dollars a slip costs on average: a third of a strike
)

// nModes counts the readings of the one rule (house.Bound) the tables are
// solved for.
const nModes = int(house.Down) + 1

// homeBonuses are the home bonuses the tables are solved for: first home,
// and first home with the side wager riding on the lane.
var homeBonuses = [2]float32{house.FirstHomeBonus, house.FirstHomeBonus + house.WagerRight - house.WagerWrong}

// laneTables are the tables for one lane multiplier: by slip rule,
// Carrot station (Gate, Turn 1, Backstretch, Turn 2), home bonus, chances
// left, live numbers and last number.
type laneTables [nModes][carrots][2][maxT + 1][house.Boxes + 1][7]float32

// carrots counts the stations the Carrot may stand at, Gate to
// house.LastCarrot: the tables' rows.
const carrots = int(house.LastCarrot)

// maxTimes is the largest lane multiplier a board gives: BET times the
// jockeys' doubling.
const maxTimes = 2 * house.MaxBetTimes

// board is the expert's tables for one board's station pays: each lane
// multiplier's tables, solved the first time a lane with it is valued, and
// the pays as float32.
type board struct {
	pays  [house.Boxes + 1]int
	paysF [house.Boxes + 1]float32
	mult  [maxTimes + 1]struct {
		once sync.Once
		t    *laneTables
	}
}

func newBoard(n *house.Numbers) *board {
	b := new(board)
	for s := range b.pays {
		b.pays[s] = n.Pays(house.Station(s))
		b.paysF[s] = float32(b.pays[s])
	}
	return b
}

// The boards whose tables have been asked for: the standard board's, and
// variants' by their pays. A sweep plays many variants one after another:
// the cache forgets them all past maxBoards (a planner keeps the board it
// holds).
var (
	standardBoard = newBoard(house.StandardNumbers)
	boardsMu      sync.Mutex
	boards        = map[[house.Boxes + 1]int]*board{}
)

const maxBoards = 16

// boardOf is the tables of the board n's station pays.
func boardOf(n *house.Numbers) *board {
	if n.Standard() {
		return standardBoard
	}
	b := newBoard(n)
	if b.pays == standardBoard.pays {
		return standardBoard
	}
	boardsMu.Lock()
	defer boardsMu.Unlock()
	if old, ok := boards[b.pays]; ok {
		return old
	}
	if len(boards) >= maxBoards {
		clear(boards)
	}
	boards[b.pays] = b
	return b
}

// tables returns the lane tables for a lane multiplier, solving them the
// first time they are asked for.
func (b *board) tables(times int) *laneTables {
	tb := &b.mult[min(max(times, 0), maxTimes)]
	tb.once.Do(func() {
		t := new(laneTables)
		for mode := range nModes {
			for ci := range carrots {
				carrot := int8(ci + 1)
				for bi, bonus := range homeBonuses {
					solveLane(&t[mode][ci][bi], &b.pays, mode, carrot, bonus, float32(times))
				}
			}
		}
		tb.t = t
	})
	return tb.t
}

func solveLane(tab *[maxT + 1][house.Boxes + 1][7]float32, pays *[house.Boxes + 1]int, mode int, carrot int8, bonus, times float32) {
	for n := 0; n <= house.Boxes; n++ {
		for last := 0; last < 7; last++ {
			v := times * float32(pays[n])
			if n == house.Boxes {
				v += bonus
			}
			tab[0][n][last] = v
		}
	}
	for t := 1; t <= maxT; t++ {
		prev, cur := &tab[t-1], &tab[t]
		for n := int8(0); n <= house.Boxes; n++ {
			for last := int8(0); last < 7; last++ {
				stay := prev[n][last]
				if n == house.Boxes || (n > 0 && last == 0) || (n == 0 && last != 0) {
					cur[n][last] = stay
					continue
				}
				var sum float32
				for d := int8(1); d <= 6; d++ {
					best := stay
					if ok, slip := strideOK(mode, n, last, d); ok {
						n2 := n + 1
						if n2 == carrot {
							n2++
						}
						v := prev[n2][d]
						if slip {
							v -= slipPrice
						}
						best = max(best, v)
					}
					sum += best
				}
				cur[n][last] = sum / 6
			}
		}
	}
}

// strideOK is the one rule in the one-lane game: whether stride d may
// follow last in a lane of n live numbers read by mode, and whether it is
// a slip.
func strideOK(mode int, n, last, d int8) (ok, slip bool) {
	if n == 0 {
		return true, false
	}
	k := house.Bound(mode)
	return k.Allows(last, d), k.Slip(last, d)
}

// laneTimes is the multiplier on a lane's station: BET and the jockeys.
func laneTimes(sh *sheet, l *house.Lane) int {
	return sh.Numbers().LaneMultiplier(sh.Player().Jockey(), l.Bet(), l.Opening(), l.Numbers())
}

// laneMode is how the one rule reads lane l of sh.
func laneMode(sh *sheet, l *house.Lane) int { return int(l.Bound(sh.Player().Jockey(), false)) }

// flexTab[mode][last] is the share of the six strides a lane with that
// last number takes.
var flexTab = func() (t [nModes][7]float32) {
	for mode := range nModes {
		for last := int8(0); last < 7; last++ {
			k := 0
			for d := int8(1); d <= 6; d++ {
				if ok, _ := strideOK(mode, min(last, 1), last, d); ok || last == 0 {
					k++
				}
			}
			t[mode][last] = float32(k) / 6
		}
	}
	return t
}()

// flex is the share of the six strides lane l takes now, for a rider of
// jockey j: the greedy bot's measure of how free a horse still is.
func flex(j house.Jockey, l *house.Lane) float32 {
	if l.Station() == house.NotStarted {
		return 1
	}
	f := flexTab[l.Bound(j, false)][l.Last()]
	if l.Banned() != 0 {
		f -= 1.0 / 6
	}
	return f
}
