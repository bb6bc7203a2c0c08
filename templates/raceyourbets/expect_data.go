// Code written by TestExpectFigures -update. DO NOT EDIT.

package raceyourbets

var expected = Expect{
	Seed:  1,
	Games: 4000,
	Tables: []ExpectTable{
		ExpectTable{Players: 2, Rolls: 48.5268, Rolls90: 57, Races: 2.8928, PassShare: 0.4009, SharedWins: 0.0898, Seat1: 0.5229},
		ExpectTable{Players: 3, Rolls: 60.0543, Rolls90: 72, Races: 3.512, PassShare: 0.4375, SharedWins: 0.116, Seat1: 0.35},
		ExpectTable{Players: 4, Rolls: 70.9388, Rolls90: 87, Races: 4.0878, PassShare: 0.4406, SharedWins: 0.1283, Seat1: 0.2884},
		ExpectTable{Players: 5, Rolls: 80.996, Rolls90: 98, Races: 4.6293, PassShare: 0.4419, SharedWins: 0.1118, Seat1: 0.2105},
	},
	RaceRolls: 17.7852,
	Medals: [6][3]float64{
		{0.2519, 0.1668, 1.2055},
		{0.2515, 0.1632, 1.198},
		{0.1493, 0.1405, 1.5086},
		{0.1522, 0.1315, 1.5199},
		{0.0972, 0.1043, 1.611},
		{0.0979, 0.1014, 1.6492},
	},
	Odds: [6][2]float64{
		{0.2669, 0.2105},
		{0.2669, 0.2105},
		{0.1509, 0.1702},
		{0.1509, 0.1702},
		{0.0822, 0.1193},
		{0.0822, 0.1193},
	},
	Strength: []ExpectStrength{
		ExpectStrength{Players: 2, Games: 400, Expert: 0.5713, Greedy: 0.4288},
		ExpectStrength{Players: 3, Games: 250, Expert: 0.4493, Greedy: 0.2753},
	},
}
