package odds

import (
	"sync"

	ryb "furlong/engine/raceyourbets"
)

const h6 = ryb.Horses

// Table holds the chances of every position of one board's track lengths.
type Table struct {
	moves  [h6]int // moves to cross, per horse
	stride [h6]int // index strides before the first crossing
	n      int     // positions before the first crossing
	// joint[i*30 + pair(g, s)] is the chance that g takes gold and s
	// silver from position i.
	joint []float32
	// marg[i*16 + h] and marg[i*16 + 6 + h] are horse h's chances of gold
	// and of silver from position i: the joint summed, kept apart and
	// padded to 64 bytes so that the bots read one cache line.
	marg []float32
	// next[c][j*6 + h] is the chance that h is the next horse across
	// from position j of the other horses, c having taken gold.
	next    [h6][]float32
	nstride [h6][h6]int
}

var (
	mu     sync.Mutex
	tables = map[[h6]int]*Table{}
	// the standard boards' tables, read without the lock
	std [2]struct {
		once sync.Once
		t    *Table
	}
)

// For returns the table of the board whose numbers are t, building it the
// first time its track lengths are asked for: the chances depend on the
// moves each horse needs, not on the medals, so boards of the same
// lengths share a table. A standard board's table is read without a lock;
// a variant's takes one, so a caller that asks often keeps it.
func For(t *ryb.Tables) *Table {
	if t.Standard() && int(t.Base()) < len(std) {
		s := &std[t.Base()]
		s.once.Do(func() { s.t = byMoves(t.Moves()) })
		return s.t
	}
	return byMoves(t.Moves())
}

// byMoves returns the table of the track lengths moves, building it once.
func byMoves(moves [h6]int) *Table {
	mu.Lock()
	defer mu.Unlock()
	tab, ok := tables[moves]
	if !ok {
		tab = build(moves)
		tables[moves] = tab
	}
	return tab
}

// ForBoard returns the table of standard board b.
func ForBoard(b ryb.Board) *Table { return For(b.Tables()) }

// pair is the place of (gold g, silver s), g != s, both 0-5, among the 30.
func pair(g, s int) int {
	if s > g {
		s--
	}
	return g*5 + s
}

func build(moves [h6]int) *Table {
	t := &Table{n: 1}
	for h := range h6 {
		t.moves[h] = moves[h]
		t.stride[h] = t.n
		t.n *= t.moves[h]
	}
	for c := range h6 {
		m := 1
		for h := range h6 {
			if h == c {
				continue
			}
			t.nstride[c][h] = m
			m *= t.moves[h]
		}
		t.next[c] = make([]float32, m*h6)
		t.buildNext(c, m)
	}
	t.joint = make([]float32, t.n*30)
	t.buildJoint()
	t.marg = make([]float32, t.n*margStride)
	for i := range t.n {
		row := t.joint[i*30 : i*30+30]
		var f, s [h6]float64
		for g := range h6 {
			for x := range h6 {
				if g != x {
					v := float64(row[pair(g, x)])
					f[g] += v
					s[x] += v
				}
			}
		}
		for h := range h6 {
			t.marg[i*margStride+h], t.marg[i*margStride+6+h] = float32(f[h]), float32(s[h])
		}
	}
	return t
}

// buildNext fills next[c]: positions j of the horses other than c, each
// digit the moves left less one.
func (t *Table) buildNext(c, m int) {
	const p = 1.0 / 36
	st := &t.nstride[c]
	var left [h6]int
	for j := range m {
		for h := range h6 {
			if h != c {
				left[h] = j/st[h]%t.moves[h] + 1
			}
		}
		var acc [h6]float64
		self := 0.0
		for a := range h6 {
			for b := range h6 {
				l := left
				// die A, then die B; c has crossed: its moves are lost
				done := -1
				for _, d := range [2]int{a, b} {
					if d == c {
						continue
					}
					l[d]--
					if l[d] == 0 {
						done = d
						break
					}
				}
				if done >= 0 {
					acc[done] += p
					continue
				}
				if a == c && b == c {
					self += p
					continue
				}
				k := 0
				for h := range h6 {
					if h != c {
						k += (l[h] - 1) * st[h]
					}
				}
				row := t.next[c][k*h6 : k*h6+h6]
				for h := range h6 {
					acc[h] += p * float64(row[h])
				}
			}
		}
		for h := range h6 {
			t.next[c][j*h6+h] = float32(acc[h] / (1 - self))
		}
	}
}

// buildJoint fills joint, position by position in index order: every roll
// leads to a smaller index or to a crossing.
func (t *Table) buildJoint() {
	const p = 1.0 / 36
	var left [h6]int
	for i := range t.n {
		for h := range h6 {
			left[h] = i/t.stride[h]%t.moves[h] + 1
		}
		var acc [30]float64
		for a := range h6 {
			for b := range h6 {
				l := left
				gold, silver := -1, -1
				for _, d := range [2]int{a, b} {
					if d == gold {
						continue // across already: the move is lost
					}
					l[d]--
					if l[d] > 0 {
						continue
					}
					if gold < 0 {
						gold = d
					} else {
						silver = d
						break
					}
				}
				switch {
				case silver >= 0:
					acc[pair(gold, silver)] += p
				case gold >= 0:
					row := t.nextRow(gold, &l)
					for s := range h6 {
						if s != gold {
							acc[pair(gold, s)] += p * float64(row[s])
						}
					}
				default:
					k := 0
					for h := range h6 {
						k += (l[h] - 1) * t.stride[h]
					}
					row := t.joint[k*30 : k*30+30]
					for x := range acc {
						acc[x] += p * float64(row[x])
					}
				}
			}
		}
		for x := range acc {
			t.joint[i*30+x] = float32(acc[x])
		}
	}
}

// nextRow is the row of next[c] for the moves left l.
func (t *Table) nextRow(c int, l *[h6]int) []float32 {
	k := 0
	for h := range h6 {
		if h != c {
			k += (l[h] - 1) * t.nstride[c][h]
		}
	}
	return t.next[c][k*h6 : k*h6+h6]
}

// Chances are the medals of a race as the dice alone would give them from
// a position.
type Chances struct {
	// Gold and Silver are each horse's chance (horse h at h-1) of taking
	// gold and silver. Once gold is taken, Gold is 1 for its horse.
	Gold, Silver [h6]float64
	// Joint[g-1][s-1] is the chance that horse g takes gold and s silver.
	Joint [h6][h6]float64
}

// Position reads the moves each horse has left from g, and the horse that
// took gold in the race (0 if none).
func Position(g *ryb.Game) (left [h6]int, gold int) {
	for h := range h6 {
		left[h] = g.Left(h + 1)
	}
	return left, g.GoldHorse()
}

// Race returns the chances from game g's position.
func (t *Table) Race(g *ryb.Game) *Chances {
	var c Chances
	left, gold := Position(g)
	t.Fill(&c, &left, gold)
	return &c
}

// Fill writes into c the chances from the position where horse h has
// left[h-1] moves to make, gold the horse that took gold (0 if none; its
// left is then 0).
func (t *Table) Fill(c *Chances, left *[h6]int, gold int) {
	*c = Chances{}
	if gold > 0 {
		row := t.nextRow(gold-1, left)
		c.Gold[gold-1] = 1
		for s := range h6 {
			c.Silver[s] = float64(row[s])
			c.Joint[gold-1][s] = c.Silver[s]
		}
		return
	}
	k := 0
	for h := range h6 {
		k += (left[h] - 1) * t.stride[h]
	}
	row := t.joint[k*30 : k*30+30]
	for g := range h6 {
		for s := range h6 {
			if g == s {
				continue
			}
			v := float64(row[pair(g, s)])
			c.Joint[g][s] = v
			c.Gold[g] += v
			c.Silver[s] += v
		}
	}
}

// Marginals writes each horse's chance of gold and of silver from the
// position left (no gold taken yet) or, once gold has been taken, the
// chance of silver alone: cheaper than Fill when the joint chances are not
// needed.
func (t *Table) Marginals(left *[h6]int, gold int, first, second *[h6]float64) {
	*first, *second = [h6]float64{}, [h6]float64{}
	if gold > 0 {
		row := t.nextRow(gold-1, left)
		first[gold-1] = 1
		for s := range h6 {
			second[s] = float64(row[s])
		}
		return
	}
	k := 0
	for h := range h6 {
		k += (left[h] - 1) * t.stride[h]
	}
	row := t.marg[k*margStride : k*margStride+12 : k*margStride+12]
	for h := range h6 {
		first[h], second[h] = float64(row[h]), float64(row[6+h])
	}
}

// margStride is a position's share of marg: 12 chances and 4 of padding.
const margStride = 16

// Index returns the place of the position left (no gold taken yet) in the
// table, for MarginalsAt; -1 when a horse has crossed.
func (t *Table) Index(left *[h6]int) int {
	k := 0
	for h := range h6 {
		if left[h] < 1 {
			return -1
		}
		k += (left[h] - 1) * t.stride[h]
	}
	return k
}

// MarginalsAt is Marginals for the position at index k (see Index). A
// caller that needs several positions computes their indexes first and
// reads them one after another, so that the memory reads overlap.
func (t *Table) MarginalsAt(k int, first, second *[h6]float64) {
	row := t.marg[k*margStride : k*margStride+12 : k*margStride+12]
	for h := range h6 {
		first[h], second[h] = float64(row[h]), float64(row[6+h])
	}
}

// Start returns each horse's chances of gold and silver from the start of a
// race on the board whose numbers are tb.
func Start(tb *ryb.Tables) (gold, silver [h6]float64) {
	t := For(tb)
	var left [h6]int
	for h := range h6 {
		left[h] = t.moves[h]
	}
	t.Marginals(&left, 0, &gold, &silver)
	return gold, silver
}
