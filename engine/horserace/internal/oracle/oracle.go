// Package oracle is a second, plain reading of the Horse Race spec
// (docs/horserace/spec.md, §1-§14), written from the spec's text and sharing no
// code with the engine: a judge that reads a log line by line and gives
// the chips or the line of the first problem, a generator of random logs,
// and the exact odds by a Markov chain. It is slow and simple on purpose;
// the tests set it against the engine, the referee and the simulator.
package oracle

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"
)

// ways[s] is the number of the 36 rolls of two dice that sum to s (§1).
var ways = map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

// Lanes are the moves to finish on each board (§1).
var Lanes = map[string][]int{
	// index 0 is horse 2
	"A": {3, 6, 8, 11, 14, 17, 14, 11, 8, 6, 3},
	"B": {3, 6, 8, 11, 14, 16, 14, 11, 8, 6, 3},
	"C": {3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3},
	"D": {2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2},
}

// Lane is horse h's length on board b.
func Lane(b string, h int) int { return Lanes[b][h-2] }

// Ways is the weight of horse h.
func Ways(h int) int { return ways[h] }

var keywords = map[string]bool{"game": true, "players": true, "board": true, "dealer": true, "bank": true,
	"variant": true, "deal": true, "scratch": true, "roll": true, "chips": true}

// Outcome is the judge's verdict: the first problem's line, or every
// player's chips.
type Outcome struct {
	Line  int // the line of the first problem; 0 for a valid log
	Why   string
	Names []string
	Chips []int // net over the log, by seat
	Out   []bool
	Pot   int
	Races int
}

// String writes the outcome in one line, for test messages.
func (o Outcome) String() string {
	if o.Line != 0 {
		return fmt.Sprintf("error on line %d (%s)", o.Line, o.Why)
	}
	return fmt.Sprintf("valid: %v %v pot %d out %v", o.Names, o.Chips, o.Pot, o.Out)
}

// judge holds a log being read.
type judge struct {
	names            []string
	dealer           int
	haveDealer       bool
	board            string
	evendeal, reroll bool
	noendpay         bool
	bank             int
	headerSeen       map[string]bool
	variantSeen      map[string]bool
	started          bool // a statement past the header was read

	chips []int
	out   []bool
	pot   int
	races int

	// the race
	phase    string // "", "deal", "scratch", "race", "over"
	inRace   []int  // seats in the race, from the dealer's left
	decks    int
	hands    map[int]map[int]int
	dealtTo  map[int]bool
	rankSeen map[int]int
	slots    []int       // scratched horses in slot order
	moved    map[int]int // spaces moved
	turn     int         // index into inRace
	chipsFor map[int]bool
}

type problem struct{ why string }

func fail(format string, args ...any) { panic(problem{fmt.Sprintf(format, args...)}) }

// Judge reads a whole log and says what the spec makes of it. With
// partial, a log that stops in a race is scored as it stands.
func Judge(text string, partial bool) (out Outcome) {
	lines := strings.Split(text, "\n")
	if strings.HasSuffix(text, "\n") {
		lines = lines[:len(lines)-1]
	}
	j := &judge{board: "A", headerSeen: map[string]bool{}, variantSeen: map[string]bool{}}
	line := 0
	defer func() {
		if r := recover(); r != nil {
			p, ok := r.(problem)
			if !ok {
				panic(r)
			}
			out = Outcome{Line: max(line, 1), Why: p.why}
		}
	}()
	count := 0
	for i, raw := range lines {
		line = i + 1
		if i == 0 {
			raw = strings.TrimPrefix(raw, "\uFEFF")
		}
		if k := strings.IndexByte(raw, '#'); k >= 0 {
			raw = raw[:k]
		}
		f := strings.FieldsFunc(raw, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' })
		if len(f) == 0 {
			continue
		}
		count++
		j.statement(count, f)
	}
	line = len(lines)
	if j.names == nil {
		fail("no players line")
	}
	if j.phase != "over" && !(partial && j.races > 0) {
		if j.races == 0 && !partial {
			fail("no race")
		}
		if !partial {
			fail("the race is not over")
		}
	}
	return Outcome{Names: j.names, Chips: j.chips, Out: j.out, Pot: j.pot, Races: j.races}
}

func (j *judge) seat(name string) int {
	for i, n := range j.names {
		if n == name {
			return i
		}
	}
	fail("%s is not a player", name)
	return -1
}

func validName(s string) bool {
	if keywords[s] || s == "" {
		return false
	}
	for i, r := range s {
		if r == unicode.ReplacementChar {
			return false
		}
		if !(unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '_' || r == '-')) {
			return false
		}
	}
	return len(s) <= 32 // READING: the notation's shared bound on a name
}

func rank(s string) int {
	switch s {
	case "J", "j", "11":
		return 11
	case "Q", "q", "12":
		return 12
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n > 10 || strconv.Itoa(n) != s {
		return 0
	}
	return n
}

func die(s string) int {
	if len(s) == 1 && s[0] >= '1' && s[0] <= '6' {
		return int(s[0] - '0')
	}
	return 0
}

func (j *judge) statement(count int, f []string) {
	kw := f[0]
	if count == 1 {
		if kw != "game" || len(f) != 2 || f[1] != "horserace" {
			fail("the first statement is game horserace")
		}
		return
	}
	if count == 2 {
		if kw != "players" {
			fail("the second statement is players")
		}
		if len(f)-1 < 2 || len(f)-1 > 12 {
			fail("2 to 12 players")
		}
		seen := map[string]bool{}
		for _, n := range f[1:] {
			if !validName(n) || seen[n] {
				fail("bad or duplicate name %q", n)
			}
			seen[n] = true
		}
		j.names = f[1:]
		j.chips = make([]int, len(j.names))
		j.out = make([]bool, len(j.names))
		return
	}
	switch kw {
	case "game", "players", "dealer", "board", "bank", "variant":
		if j.started {
			fail("a header line after the first deal")
		}
		j.header(f)
		return
	case "deal", "scratch", "roll", "chips":
	default:
		fail("unknown statement %q", kw)
	}
	// READING: a malformed statement is reported before the problem its
	// place in the log would be.
	j.syntax(f)
	if !j.started {
		if !j.haveDealer {
			fail("no dealer line")
		}
		j.started = true
	}
	switch kw {
	case "deal":
		j.deal(f)
	case "scratch":
		j.scratch(f)
	case "roll":
		j.roll(f)
	case "chips":
		j.chipsLine(f)
	}
}

// syntax checks the shape of a race statement alone.
func (j *judge) syntax(f []string) {
	switch f[0] {
	case "deal":
		if len(f) < 2 || !validName(f[1]) && !j.isPlayer(f[1]) {
			fail("deal NAME RANK...")
		}
		for _, r := range f[2:] {
			if rank(r) == 0 {
				fail("bad rank %q", r)
			}
		}
	case "scratch", "roll":
		if len(f) != 4 || !validName(f[1]) && !j.isPlayer(f[1]) || die(f[2]) == 0 || die(f[3]) == 0 {
			fail("%s NAME D D", f[0])
		}
	case "chips":
		if len(f) != 3 || !validName(f[1]) && !j.isPlayer(f[1]) {
			fail("chips NAME N")
		}
		if _, ok := chipsNumber(f[2]); !ok {
			fail("bad number %q", f[2])
		}
	}
}

func (j *judge) isPlayer(n string) bool {
	for _, m := range j.names {
		if m == n {
			return true
		}
	}
	return false
}

func chipsNumber(s string) (int, bool) {
	t := strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	if t == "" || len(t) > 9 || (len(s)-len(t)) > 1 {
		return 0, false
	}
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, _ := strconv.Atoi(t)
	if strings.HasPrefix(s, "-") {
		n = -n
	}
	return n, true
}

func (j *judge) header(f []string) {
	kw := f[0]
	if kw != "variant" {
		if j.headerSeen[kw] {
			fail("a second %s line", kw)
		}
		j.headerSeen[kw] = true
	}
	switch kw {
	case "game", "players":
		fail("a second %s line", kw)
	case "dealer":
		if len(f) != 2 {
			fail("dealer NAME")
		}
		if !validName(f[1]) && !j.isPlayer(f[1]) {
			fail("bad name")
		}
		j.dealer = j.seat(f[1])
		j.haveDealer = true
	case "board":
		if len(f) != 2 || Lanes[strings.ToUpper(f[1])] == nil {
			fail("board A-D")
		}
		j.board = strings.ToUpper(f[1])
	case "bank":
		if len(f) != 2 {
			fail("bank N")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 1000000 || strconv.Itoa(n) != strings.TrimLeft(f[1], "0") && f[1] != "0" {
			fail("bank 1 to 1000000")
		}
		j.bank = n
	case "variant":
		if len(f) < 2 {
			fail("variant WORD...")
		}
		for _, w := range f[1:] {
			if j.variantSeen[w] {
				fail("variant %s twice", w)
			}
			j.variantSeen[w] = true
			if !j.setVariant(w) {
				fail("unknown variant %s", w)
			}
		}
	}
}

// setVariant turns on the variant named w (§9), and says whether there
// is one.
func (j *judge) setVariant(w string) bool {
	switch w {
	case "evendeal":
		j.evendeal = true
	case "reroll":
		j.reroll = true
	case "noendpay":
		j.noendpay = true
	default:
		return false
	}
	return true
}

// stack is what a player holds with a bank.
func (j *judge) stack(p int) int { return j.bank + j.chips[p] }

// pay moves chips from p to the pot: all that is owed, or with a bank
// what p has, whichever is less (§8).
func (j *judge) pay(p, owed int) {
	if j.bank > 0 && owed > j.stack(p) {
		owed = j.stack(p)
	}
	j.chips[p] -= owed
	j.pot += owed
}

func (j *judge) newRace() {
	n := len(j.names)
	var in []int
	for p := range n {
		if !j.out[p] {
			in = append(in, p)
		}
	}
	if len(in) < 2 {
		fail("fewer than two players are in")
	}
	if j.races > 0 {
		// §7: the next player to the left of the last dealer who is still in
		d := j.dealer
		for {
			d = (d + 1) % n
			if !j.out[d] {
				break
			}
		}
		j.dealer = d
	}
	j.races++
	j.inRace = nil
	for k := 1; k <= n; k++ {
		p := (j.dealer + k) % n
		if !j.out[p] {
			j.inRace = append(j.inRace, p)
		}
	}
	j.decks = 1
	if len(j.inRace) >= 5 {
		j.decks = 2
	}
	j.hands = map[int]map[int]int{}
	j.dealtTo = map[int]bool{}
	j.rankSeen = map[int]int{}
	j.slots = nil
	j.moved = map[int]int{}
	j.turn = 0
	j.chipsFor = map[int]bool{}
	j.phase = "deal"
}

func (j *judge) deal(f []string) {
	if j.phase == "scratch" || j.phase == "race" {
		fail("deal during a race")
	}
	if j.phase == "" || j.phase == "over" {
		j.newRace()
	}
	p := j.seat(f[1])
	idx := -1
	for i, q := range j.inRace {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		fail("%s is out", f[1])
	}
	if j.dealtTo[p] {
		fail("second deal line")
	}
	c := 44 * j.decks
	n := len(j.inRace)
	size := c / n
	if !j.evendeal && idx < c%n {
		size++
	}
	if len(f)-2 != size {
		fail("hand of %d, want %d", len(f)-2, size)
	}
	h := map[int]int{}
	for _, r := range f[2:] {
		k := rank(r)
		h[k]++
		j.rankSeen[k]++
		if j.rankSeen[k] > 4*j.decks {
			fail("too many of rank %d", k)
		}
	}
	j.hands[p] = h
	j.dealtTo[p] = true
}

func (j *judge) roller(name string) int {
	p := j.seat(name)
	if p != j.inRace[j.turn] {
		fail("%s rolls out of turn", name)
	}
	return p
}

func (j *judge) slotOf(h int) int {
	for i, s := range j.slots {
		if s == h {
			return i + 1
		}
	}
	return 0
}

func (j *judge) scratch(f []string) {
	switch j.phase {
	case "":
		fail("scratch before any deal")
	case "deal":
		for _, p := range j.inRace {
			if !j.dealtTo[p] {
				fail("%s has no deal line", j.names[p])
			}
		}
		j.phase = "scratch"
	case "race":
		fail("scratch after slot 4")
	case "over":
		fail("the race is over")
	}
	p := j.roller(f[1])
	h := die(f[2]) + die(f[3])
	if k := j.slotOf(h); k > 0 {
		if j.reroll {
			return // the same player rolls again
		}
		j.pay(p, k)
		j.turn = (j.turn + 1) % len(j.inRace)
		return
	}
	j.slots = append(j.slots, h)
	k := len(j.slots)
	for _, q := range j.inRace {
		if c := j.hands[q][h]; c > 0 {
			j.pay(q, k*c)
			delete(j.hands[q], h)
		}
	}
	j.turn = (j.turn + 1) % len(j.inRace)
	if k == 4 {
		j.phase = "race"
	}
}

func (j *judge) roll(f []string) {
	switch j.phase {
	case "":
		fail("roll before any deal")
	case "deal", "scratch":
		fail("roll while a slot is open")
	case "over":
		fail("the race is over")
	}
	p := j.roller(f[1])
	h := die(f[2]) + die(f[3])
	j.turn = (j.turn + 1) % len(j.inRace)
	if k := j.slotOf(h); k > 0 {
		j.pay(p, k)
		return
	}
	j.moved[h]++
	if j.moved[h] == Lane(j.board, h) {
		j.settle(h)
	}
}

func (j *judge) settle(w int) {
	j.phase = "over"
	if !j.noendpay {
		for _, p := range j.inRace {
			left := 0
			for _, c := range j.hands[p] {
				left += c
			}
			if j.hands[p][w] == 0 && left > 0 {
				j.pay(p, left)
			}
		}
	}
	share := j.pot / (4 * j.decks)
	for _, p := range j.inRace {
		won := share * j.hands[p][w]
		j.chips[p] += won
		j.pot -= won
	}
	if j.bank > 0 {
		for _, p := range j.inRace {
			if j.stack(p) == 0 {
				j.out[p] = true
			}
		}
	}
}

func (j *judge) chipsLine(f []string) {
	if j.phase != "over" {
		fail("chips during a race")
	}
	p := j.seat(f[1])
	if j.chipsFor[p] {
		fail("second chips line")
	}
	j.chipsFor[p] = true
	n, _ := chipsNumber(f[2])
	if n != j.chips[p] {
		fail("%s has %d, not %d", f[1], j.chips[p], n)
	}
}

// Game describes a random game to generate.
type Game struct {
	Names    []string
	Board    string
	Variants []string
	Bank     int
	Races    int
	Chips    bool // write every player's chips after each race
}

// Generate writes a random valid log of g with rng, by the spec's rules,
// and returns it with the outcome the spec gives it.
func Generate(g Game, rng *rand.Rand) (string, Outcome) {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	dealer := rng.IntN(len(g.Names))
	w("game horserace")
	w("players %s", strings.Join(g.Names, " "))
	w("dealer %s", g.Names[dealer])
	if g.Board != "A" || rng.IntN(2) == 0 {
		w("board %s", g.Board)
	}
	if len(g.Variants) > 0 {
		w("variant %s", strings.Join(g.Variants, " "))
	}
	if g.Bank > 0 {
		w("bank %d", g.Bank)
	}
	j := &judge{names: g.Names, board: g.Board, bank: g.Bank, dealer: dealer, haveDealer: true, started: true,
		chips: make([]int, len(g.Names)), out: make([]bool, len(g.Names))}
	for _, v := range g.Variants {
		j.setVariant(v)
	}
	rankWord := func(r int) string {
		switch {
		case r == 11 && rng.IntN(2) == 0:
			return "J"
		case r == 12 && rng.IntN(2) == 0:
			return "Q"
		}
		return strconv.Itoa(r)
	}
	for r := 0; r < g.Races; r++ {
		still := 0
		for _, o := range j.out {
			if !o {
				still++
			}
		}
		if still < 2 {
			break
		}
		// A fake deal line starts the race in the judge; the real hands
		// are written next.
		j.phase = "over"
		j.newRace()
		w("")
		var deck []int
		for range j.decks {
			for h := 2; h <= 12; h++ {
				for range 4 {
					deck = append(deck, h)
				}
			}
		}
		rng.Shuffle(len(deck), func(a, c int) { deck[a], deck[c] = deck[c], deck[a] })
		n := len(j.inRace)
		give := len(deck)
		if j.evendeal {
			give = len(deck) / n * n
		}
		hands := make([][]int, n)
		for k := range give {
			hands[k%n] = append(hands[k%n], deck[k])
		}
		order := rng.Perm(n) // deal lines in any order (§12)
		for _, i := range order {
			words := []string{"deal", g.Names[j.inRace[i]]}
			for _, c := range hands[i] {
				words = append(words, rankWord(c))
			}
			line := strings.Join(words, " ")
			j.deal(strings.Fields(line))
			w("%s", line)
		}
		j.phase = "deal"
		for j.phase != "race" {
			d1, d2 := 1+rng.IntN(6), 1+rng.IntN(6)
			f := []string{"scratch", g.Names[j.inRace[j.turn]], strconv.Itoa(d1), strconv.Itoa(d2)}
			j.scratch(f)
			w("%s", strings.Join(f, " "))
		}
		for j.phase != "over" {
			d1, d2 := 1+rng.IntN(6), 1+rng.IntN(6)
			f := []string{"roll", g.Names[j.inRace[j.turn]], strconv.Itoa(d1), strconv.Itoa(d2)}
			j.roll(f)
			w("%s", strings.Join(f, " "))
		}
		if g.Chips {
			for p, n := range g.Names {
				if rng.IntN(3) > 0 {
					w("chips %s %+d", n, j.chips[p])
				}
			}
		}
	}
	return b.String(), Outcome{Names: g.Names, Chips: j.chips, Out: j.out, Pot: j.pot, Races: j.races}
}
