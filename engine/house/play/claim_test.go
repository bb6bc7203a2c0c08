package play_test

import (
	"strings"
	"testing"

	"furlong/engine"
	"furlong/engine/house/play"
	"furlong/internal/testkit"
)

// TestPurseClaimed: once the race is over, a purse line is the player's
// claim, checked as check checks it and changing nothing.
func TestPurseClaimed(t *testing.T) {
	valid, _ := testkit.Examples(t, "house")
	for _, ex := range valid {
		if !strings.Contains(string(ex.Data), "\npurse ") || !strings.HasSuffix(ex.Name, ".log") {
			continue
		}
		var body, purses []string
		for _, l := range strings.SplitAfter(string(ex.Data), "\n") {
			if strings.HasPrefix(l, "purse ") {
				purses = append(purses, strings.TrimSpace(l))
				l = "\n"
			}
			body = append(body, l)
		}
		s, err := play.Read(strings.NewReader(strings.Join(body, "")))
		if err != nil {
			t.Fatalf("%s without its purses: %v", ex.Name, err)
		}
		before := string(s.AppendLog(nil))
		for _, p := range purses {
			if err := s.Play(p); err != nil {
				t.Errorf("%s: %s: %v", ex.Name, p, err)
			}
			f := strings.Fields(p)
			wrong := f[0] + " " + f[1] + " 999"
			_, cerr := judge(strings.NewReader(strings.Join(body, "")+wrong+"\n"), engine.JudgeOptions{})
			c, _ := engine.AsError(cerr)
			e, ok := engine.AsError(s.Play(wrong))
			if !ok || c == nil || e.Msg != c.Msg || e.Rule != c.Rule || e.Line != 0 {
				t.Errorf("%s: %s: play says %v, check says %v", ex.Name, wrong, e, cerr)
			}
		}
		if after := string(s.AppendLog(nil)); after != before {
			t.Errorf("%s: the claims changed the log:\n%s", ex.Name, after)
		}
		return
	}
	t.Fatal("no house example with purses")
}
