// Package greatraces draws the printables of The Great Races with layout:
// the shared game sheet (all eleven races on one landscape page, a track
// per player in each, the double lines, the prizes at the finish and the
// Players scoring area), on a standard board or a variant; the same sheet
// filled in as a game stands (FilledSheet: sheets --from, and the table on
// screen, whose races it tags); and the rulebook, whose tables and
// figures come from the engine's board table (engine/greatraces), whose
// review chapter is drawn from an example game, and whose words are
// content/greatraces's.
package greatraces
