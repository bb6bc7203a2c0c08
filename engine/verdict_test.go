package engine

import "testing"

func TestScoreText(t *testing.T) {
	s := Score{
		Heading: "race.log: The Duel, 2 players",
		Players: []PlayerScore{
			{Name: "Ana", Note: "(winner)", Total: "+$90", Items: []Item{
				{"lane 2", "Wire", "$30", "+$30"},
				{"first home", "lane 2", "", "+$20"},
			}},
			{Name: "Ben", Total: "-$5", Items: []Item{{"false starts", "1", "$5 each", "-$5"}}},
		},
		Notes: []string{"pot carried: 3"},
	}
	want := `race.log: The Duel, 2 players

Ana (winner)                     +$90
  lane 2        Wire    $30      +$30
  first home    lane 2           +$20

Ben                               -$5
  false starts  1       $5 each   -$5

pot carried: 3
`
	if got := s.Text(); got != want {
		t.Errorf("have\n%s\nwant\n%s", got, want)
	}
}

func TestGridText(t *testing.T) {
	g := Grid{
		Header: []string{"race", "Ana", "Ben"},
		Rows:   [][]string{{"2", "8", ""}, {"12", "", "4"}, {"total", "8", "4"}},
		Rules:  []int{2},
	}
	want := "race   Ana  Ben\n2        8\n12            4\n---------------\ntotal    8    4\n"
	if got := g.Text(); got != want {
		t.Errorf("have\n%q\nwant\n%q", got, want)
	}
}

func TestMoney(t *testing.T) {
	for _, tt := range []struct{ have, want string }{
		{Signed(20, "$"), "+$20"}, {Signed(-10, "$"), "-$10"}, {Signed(0, "$"), "$0"}, {Signed(3, ""), "+3"},
		{Plain(20, "$"), "$20"}, {Plain(-20, "$"), "-$20"}, {Count(1, "player", "players"), "1 player"},
		{Count(3, "player", "players"), "3 players"},
	} {
		if tt.have != tt.want {
			t.Errorf("have %q, want %q", tt.have, tt.want)
		}
	}
}
