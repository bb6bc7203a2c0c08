// Package paper rebuilds what stands on the paper of a house-game race at
// one point of it: every rider's sheet, or in The Book the field card and
// each bettor's slip, box by box, with the marks a player makes (numbers
// crossed out by arrows, the Carrot's and Double up's free boxes, BET
// circles, photos, false starts, slips and the lanes the arrows struck),
// and each purse worked out. It is what the drawn sheets of
// `furlong sheets --from` show.
//
// A race log is replayed by the referee (referee.Walk) and every move is
// written down as it is played, so the paper can be taken after any turn.
// A sheet transcript already says what stands on the sheets; the referee
// checks it and the boxes are read from it as written.
package paper
