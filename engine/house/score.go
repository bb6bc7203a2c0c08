package house

// LaneScore is what one lane (or, in The Book, one stake) adds to a purse.
type LaneScore struct {
	Lane    int     // 1-6: the lane, or in The Book the horse
	Station Station // where the horse stands
	Value   int     // the station's pay
	Times   int     // the multiplier: BET and jockeys, or the stake's
	Bet     bool
	Jockey  Jockey // the jockey that changed Times, if any
	Amount  int
}

// PhotoScore is one number's set among the Photo boxes.
type PhotoScore struct {
	Number int
	Count  int
	Amount int // after The Book's tripling
}

// WagerResult says how a side wager came out.
type WagerResult uint8

// The side wager's outcomes.
const (
	WagerNone WagerResult = iota // no wager made
	WagerVoid                    // no horse ever came home
	WagerRightResult
	WagerWrongResult
)

var wagerNames = [...]string{"none", "void", "right", "wrong"}

// String names the outcome: "none", "void", "right", "wrong".
func (w WagerResult) String() string { return wagerNames[w] }

// Breakdown is a purse with every item that makes it up. Lanes, Stakes and
// Photos hold only the items that exist; the amounts always add up to Purse.
type Breakdown struct {
	Lanes       []LaneScore // The Duel and solo: each started lane
	Stakes      []LaneScore // The Book: each stake, first-home bonus apart
	Photos      []PhotoScore
	PhotoTotal  int
	FirstHome   []int // lanes first home in (The Duel, solo); The Book: the first horse home, if backed
	FirstBonus  int
	Wager       int // the lane named, 0 for none
	WagerResult WagerResult
	WagerAmount int
	SpreadBonus int
	FalseStarts int // counted, the scratching seventh included
	FalsePay    int // negative
	Scratched   bool
	Purse       int
}

// Score works out seat p's purse as things stand.
func (r *Race) Score(p int) Breakdown {
	// One allocation for the items a purse can hold, rather than a slice
	// grown an item at a time.
	var items struct {
		lanes  [Lanes]LaneScore
		stakes [StakesPerSlip]LaneScore
		photos [PhotoBoxes]PhotoScore
		first  [Lanes]int
	}
	bd := Breakdown{Lanes: items.lanes[:0], Stakes: items.stakes[:0], Photos: items.photos[:0], FirstHome: items.first[:0]}
	bd.Purse = r.score(p, &bd)
	if len(bd.Lanes) == 0 {
		bd.Lanes = nil
	}
	if len(bd.Stakes) == 0 {
		bd.Stakes = nil
	}
	if len(bd.Photos) == 0 {
		bd.Photos = nil
	}
	if len(bd.FirstHome) == 0 {
		bd.FirstHome = nil
	}
	return bd
}

// Purse is seat p's purse as things stand; the same as Score(p).Purse
// without building the breakdown.
func (r *Race) Purse(p int) int { return r.score(p, nil) }

// score adds up seat p's purse (rulings §8), item by item into bd when bd
// is not nil.
func (r *Race) score(p int, bd *Breakdown) int {
	pl := &r.players[p]
	num := numbersOr(r.course.num) // a zero Race is on no board yet
	total := 0
	if r.mode.rules().field {
		f := &r.boards[0]
		first := 0
		for _, st := range pl.Stakes() {
			l := &f[st.Horse-1]
			ls := LaneScore{Lane: int(st.Horse), Station: l.Station(), Value: num.Pays(l.Station()), Times: int(st.Times)}
			ls.Amount = ls.Value * ls.Times
			total += ls.Amount
			if st.Horse == r.firstLane {
				first += FirstHomeBonus * int(st.Times)
			}
			if bd != nil {
				bd.Stakes = append(bd.Stakes, ls)
			}
		}
		total += first
		if bd != nil && first != 0 {
			bd.FirstBonus = first
			bd.FirstHome = append(bd.FirstHome, int(r.firstLane))
		}
	} else {
		b := &r.boards[p]
		opened := 0
		for i := range b {
			l := &b[i]
			if l.open != 0 {
				opened++
			}
			if l.n == 0 {
				continue
			}
			ls := LaneScore{Lane: i + 1, Station: l.Station(), Value: num.Pays(l.Station()), Bet: l.bet}
			ls.Times, ls.Jockey = laneTimes(num, pl.jockey, l)
			ls.Amount = ls.Value * ls.Times
			total += ls.Amount
			first := l.home && (pl.firstHome[i] || r.mode.rules().alone)
			if first {
				total += FirstHomeBonus
			}
			if bd != nil {
				bd.Lanes = append(bd.Lanes, ls)
				if first {
					bd.FirstHome = append(bd.FirstHome, i+1)
					bd.FirstBonus += FirstHomeBonus
				}
			}
		}
		spread := 0
		if pl.jockey == Spread && opened == Lanes {
			spread = SpreadBonus
		}
		result, wager := r.wager(pl)
		total += spread + wager
		if bd != nil {
			bd.SpreadBonus = spread
			bd.Wager = int(pl.wager)
			bd.WagerResult, bd.WagerAmount = result, wager
		}
	}
	count := pl.photoCounts()
	photos := 0
	for v := 1; v <= 6; v++ {
		if count[v] == 0 {
			continue
		}
		amount := num.PhotoSet(count[v]) * num.PhotoTimes(r.mode)
		photos += amount
		if bd != nil {
			bd.Photos = append(bd.Photos, PhotoScore{Number: v, Count: count[v], Amount: amount})
		}
	}
	falsePay := -FalseStartCost * min(int(pl.falseStarts), FalseStartBox)
	if bd != nil {
		bd.PhotoTotal = photos
		bd.FalseStarts = int(pl.falseStarts)
		bd.FalsePay = falsePay
		bd.Scratched = pl.scratched
	}
	return total + photos + falsePay
}

// laneTimes is the multiplier of a Duel or solo lane and the jockey that
// changed it, if any.
func laneTimes(num *Numbers, j Jockey, l *Lane) (int, Jockey) {
	t := num.LaneMultiplier(j, l.bet, int(l.open), l.nums[:l.n])
	if j == Ace || j == FiveAlike && l.FiveAlike() {
		return t, j
	}
	return t, NoJockey
}

// LaneMultiplier is what a Duel or solo lane's station pay is multiplied
// by on the standard board: x2 for BET, then the rider's jockey: Ace x2 for a lane opened on 1 and
// x0 for one opened on 3-6; Five alike x2 when five or more of the lane's
// live numbers are one number.
// A variant's BET multiplies by its Numbers' Bet (Numbers.LaneMultiplier).
func LaneMultiplier(j Jockey, bet bool, opening int, live []int8) int {
	return StandardNumbers.LaneMultiplier(j, bet, opening, live)
}

// FiveOfOne reports whether five or more of the numbers are the same.
func FiveOfOne(nums []int8) bool {
	var c [7]int8
	for _, v := range nums {
		c[v]++
		if c[v] >= 5 {
			return true
		}
	}
	return false
}

// wager settles a player's side wager: right when the race's first horse
// home came in the lane named, void when no horse came home.
func (r *Race) wager(pl *Player) (WagerResult, int) {
	switch {
	case pl.wager == 0:
		return WagerNone, 0
	case r.firstLane == 0:
		return WagerVoid, 0
	case r.firstLane == pl.wager:
		return WagerRightResult, WagerRight
	}
	return WagerWrongResult, WagerWrong
}

// photoCounts counts the player's photos by number.
func (pl *Player) photoCounts() [7]int {
	var count [7]int
	for _, v := range pl.Photos() {
		count[v]++
	}
	return count
}

// Winners returns the seats with the biggest purse (ties share).
func (r *Race) Winners() []int {
	var best int
	var w []int
	for p := range int(r.n) {
		v := r.Purse(p)
		switch {
		case len(w) == 0 || v > best:
			best, w = v, []int{p}
		case v == best:
			w = append(w, p)
		}
	}
	return w
}
