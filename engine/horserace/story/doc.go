// Package story tells a Horse Race log roll by roll: Horse Race has no
// decisions to review, so its review is the race's story. After the
// scratches and after every race roll it gives each live horse's exact
// chance to win (the odds of package horserace, as furlong odds works them
// out), what each player's hand was then worth in chips, and how far the
// roll moved the race; and for each race the roll that swung it most.
//
// Tell replays the log through the play protocol (play.ReadEach), so a
// log it tells is one the referee accepts, and its chances are the odds
// of the very position the log reached. Text and JSON are what review
// prints; the chart of the chances is drawn by templates/horserace.
package story
