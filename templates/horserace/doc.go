// Package horserace draws Horse Race's printables on A4 or Letter: the
// board (lanes 2-12 from the gate to the finish line, the scratch lot and
// a legend) with its odds card, the scorekeeper's race record and pot
// ledger, and the rulebook. Every number on them (lanes, slot costs, hand
// sizes, chances) is read from engine/horserace's tables, or from a
// variant's (Options.Variant).
//
// The same sheets come filled in from a log (FilledSheets, for sheets
// --from; FilledBoard, the board the table on screen shows), numbers in a
// pen's hand, from the play protocol's View; and a log's story, its
// horses' chances roll by roll, is charted (StoryChart, for review
// --plot; ChanceChart, which the rulebook draws from an example log).
package horserace
