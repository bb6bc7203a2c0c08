package house_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"furlong/engine"
	"furlong/engine/house"
)

// boxes reads a lane as written in a transcript: "6 5x 4d 3t".
func boxes(s string) []house.Box {
	var out []house.Box
	for _, w := range strings.Fields(s) {
		b := house.Box{N: int8(w[0] - '0')}
		b.Struck = strings.Contains(w, "x")
		b.Double = strings.Contains(w, "d")
		b.Turnaround = strings.Contains(w, "t")
		out = append(out, b)
	}
	return out
}

// laneBytes reads a lane from fuzzed bytes: each byte a number 1-6 (its
// low bits) and its marks (bits 3, 4 and 5).
func laneBytes(b []byte) []house.Box {
	out := make([]house.Box, len(b))
	for i, c := range b {
		out[i] = house.Box{N: int8(1 + c&7%6), Struck: c&8 != 0, Double: c&16 != 0, Turnaround: c&32 != 0}
	}
	return out
}

// solo rebuilds one solo sheet with lane 1 written as given.
func solo(layout int, lane []house.Box, photos ...int8) (house.Race, error) {
	pp := house.Paper{Sheets: []house.PaperSheet{{Slips: -1, Photos: photos}}}
	pp.Sheets[0].Lanes[0] = lane
	return house.FromPaper(house.Options{Mode: house.Solo, Players: 1, Layout: layout}, &pp)
}

// TestPaperLane checks readings of single lanes: the live numbers a lane
// comes to, and what no history gives. (The referee's tests and the oracle
// read lanes with strikes.)
func TestPaperLane(t *testing.T) {
	for _, tc := range []struct {
		layout int
		lane   string
		photos []int8
		live   []int8 // nil when the lane is refused
		part   engine.Part
	}{
		{3, "2 3 3 3 4", []int8{3}, []int8{2, 3, 3, 3, 4}, 0}, // the Carrot at the Backstretch, the Camera at Turn 2
		{3, "2 3 4", nil, nil, house.PartLane},                // the Carrot repeats the 3
		{3, "2 3 3 3 4", []int8{4}, nil, house.PartPhotos},
		{1, "5 5 5 5 5 5 5 5", nil, nil, house.PartLane},                // eight standing
		{1, "6" + strings.Repeat(" 6x", 40), nil, nil, house.PartSheet}, // more strikes than slips could give
		{3, "6x 5", nil, nil, house.PartSheet},
	} {
		t.Run(tc.lane, func(t *testing.T) {
			r, err := solo(tc.layout, boxes(tc.lane), tc.photos...)
			var v *engine.Violation
			switch {
			case tc.live == nil && (!errors.As(err, &v) || v.Part != tc.part):
				t.Fatalf("have %v, want a violation of part %d", err, tc.part)
			case tc.live != nil && err != nil:
				t.Fatalf("have %v, want lane %v", err, tc.live)
			case tc.live != nil && !slices.Equal(r.Lane(0, 1).Numbers(), tc.live):
				t.Fatalf("lane 1 is %v, want %v", r.Lane(0, 1).Numbers(), tc.live)
			}
		})
	}
}

// FuzzLane rebuilds single lanes from any boxes, seeded with long runs of
// struck numbers: no panic, no input that takes long, and a lane accepted
// stands as paper shows it: its live numbers those not struck, in order.
func FuzzLane(f *testing.F) {
	f.Add(byte(3), byte(0), []byte{6, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8, 6 | 8})
	f.Add(byte(5), byte(4), []byte{6, 5 | 8, 4 | 8, 6 | 8, 5 | 8, 4 | 8, 3, 3, 2 | 8, 1 | 8, 2})
	f.Add(byte(1), byte(6), []byte{3, 4 | 32, 4, 3 | 8, 5, 2 | 8, 1, 1 | 16})
	f.Add(byte(6), byte(3), []byte{4, 4, 4 | 16, 5, 5, 5 | 8, 6 | 8, 6})
	var long []byte
	for i := range 200 {
		long = append(long, byte(5+i%2)|8)
	}
	f.Add(byte(2), byte(0), append([]byte{6}, long...))
	f.Fuzz(func(t *testing.T, layout, jockey byte, b []byte) {
		lane := laneBytes(b)
		o := house.Options{Mode: house.Duel, Players: 2, Layout: 1 + int(layout)%6}
		o.Jockeys[0] = house.Jockeys[int(jockey)%len(house.Jockeys)]
		o.Jockeys[1] = o.Jockeys[0]
		pp := house.Paper{Sheets: []house.PaperSheet{{Slips: -1}, {Slips: -1}}}
		pp.Sheets[0].Lanes[0] = lane
		pp.Sheets[0].Lanes[5] = boxes("6 5 4 3 2 1 1 1 1")[:min(len(b)/2, 7)]
		start := time.Now()
		r, err := house.FromPaper(o, &pp)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("%v to read %d boxes", d, len(b))
		}
		if err != nil {
			var v *engine.Violation
			if !errors.As(err, &v) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		var live []int8
		struck := 0
		for _, x := range lane {
			if x.Struck {
				struck++
			} else {
				live = append(live, x.N)
			}
		}
		l := r.Lane(0, 1)
		if !slices.Equal(l.Numbers(), live) || l.Struck() != struck {
			t.Fatalf("lane %v struck %d, paper shows %v struck %d", l.Numbers(), l.Struck(), live, struck)
		}
		// The record of the paper holds the boxes as written, in order,
		// each number in the box its live numbers before it say.
		marks := r.Marks(0, 1)
		if len(marks) != len(lane) {
			t.Fatalf("the record holds %d numbers, paper %d", len(marks), len(lane))
		}
		var standing []int8 // the box of each live number so far
		for i, m := range marks {
			x := lane[i]
			if m.N != x.N || m.Struck != x.Struck || m.Double != x.Double || m.Turnaround != x.Turnaround || m.Double && !m.Free {
				t.Fatalf("number %d recorded %+v, paper shows %+v", i+1, m, x)
			}
			if int(m.Box) > len(standing) {
				t.Fatalf("number %d recorded in box %d past the %d standing", i+1, m.Box+1, len(standing))
			}
			standing = append(standing[:m.Box], m.Box)
			for len(standing) > 0 && marks[lastIn(marks[:i+1], standing[len(standing)-1])].Struck {
				standing = standing[:len(standing)-1]
			}
		}
	})
}

// lastIn is the index of the last mark written in box.
func lastIn(ms []house.Mark, box int8) int {
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Box == box {
			return i
		}
	}
	return 0
}
