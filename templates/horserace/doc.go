// Package horserace draws Horse Race's printables on A4 or Letter: the
// board (lanes 2-12 from the gate to the finish line, the scratch lot and
// a legend) with its odds card, the scorekeeper's race record and pot
// ledger, and the rulebook. Every number on them (lanes, slot costs, hand
// sizes, chances) is read from engine/horserace's tables.
package horserace
