package referee

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/play"
)

// Result is a judged game: what score prints of it, every player's
// points with their breakdown, the races' medals and the winner. It
// implements engine.Verdict.
type Result struct {
	*play.Score
}

// decoders keeps decoders and their buffers from one log to the next.
var decoders = sync.Pool{New: func() any { return new(notation.Decoder) }}

// Judge reads a log from r and judges it: every statement is decoded and
// played through the play protocol in file order, points lines checked,
// and the first problem comes back as an *engine.Error at its line. A log
// that stops before the game has ended is an error at the file's last
// line, with Unfinished set, unless o.Partial is set. A log played on a
// designer's variant is judged on o.Variant, which must be that variant
// (see play.Replay).
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	d := decoders.Get().(*notation.Decoder)
	defer func() {
		d.ResetBytes(nil)
		decoders.Put(d)
	}()
	d.Reset(r)
	s, err := play.Replay(d, o)
	if err != nil {
		return nil, err
	}
	if !s.Over() && !o.Partial {
		g := s.Game()
		return nil, &engine.Error{Line: max(d.Line(), 1), Rule: ryb.RuleUnfinished, Unfinished: true,
			Msg: fmt.Sprintf("the log stops before the game has ended: %s; no marker has reached the finish (%d)", standing(s), g.Finish())}
	}
	return &Result{s.Score()}, nil
}

// standing writes where an unfinished game stands: "race 2 under way after
// 14 turns; Ana 12, Ben 9".
func standing(s *play.State) string {
	g := s.Game()
	var b strings.Builder
	fmt.Fprintf(&b, "race %d under way after %s; ", g.Race(), engine.Count(g.Turns(), "turn", "turns"))
	for i, n := range s.Players() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", n, g.Points(i))
	}
	return b.String()
}
