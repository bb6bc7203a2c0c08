package engine

import "fmt"

// RuleTable is a game's one table of its rules, indexed by the game's
// Rule value (rules count from 1; row 0 is unused): each rule's short name
// and the heading of the game's own rulebook that explains it. The game's
// Rule type reads its String and Chapter from it:
//
//	var rules = engine.RuleTable[Rule]{
//		RuleNotation: {Name: "notation", Chapter: "Notation for scorekeepers"},
//		...
//	}
//
//	func (r Rule) String() string  { return rules.Name(r) }
//	func (r Rule) Chapter() string { return rules.Chapter(r) }
type RuleTable[R ~uint8] []RuleRow

// RuleRow is one rule of a RuleTable.
type RuleRow struct {
	Name    string // the short name check prints: "split"
	Chapter string // the rulebook's heading: "A turn"
}

// Name is rule r's short name, or "Rule(N)" for a value past the table.
func (t RuleTable[R]) Name(r R) string {
	if r > 0 && int(r) < len(t) {
		return t[r].Name
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// Chapter is the heading of the rulebook that explains rule r, or "" for a
// value past the table.
func (t RuleTable[R]) Chapter(r R) string {
	if r > 0 && int(r) < len(t) {
		return t[r].Chapter
	}
	return ""
}

// All lists every rule of the table, in its order.
func (t RuleTable[R]) All() []R {
	rs := make([]R, 0, max(len(t)-1, 0))
	for r := 1; r < len(t); r++ {
		rs = append(rs, R(r))
	}
	return rs
}

// Named is the String of a game's enum type typ whose values index names:
// names[v], or "typ(v)" for a value past the list or whose name is "" (a
// zero value that means none):
//
//	var kindNames = [...]string{KindRoll: "roll", KindRace: "race"}
//
//	func (k Kind) String() string { return engine.Named(kindNames[:], int(k), "Kind") }
func Named(names []string, v int, typ string) string {
	if v >= 0 && v < len(names) && names[v] != "" {
		return names[v]
	}
	return unnamed(typ, v)
}

// unnamed is Named's "typ(v)", out of line so that Named, and the String
// methods that call it, inline.
func unnamed(typ string, v int) string { return fmt.Sprintf("%s(%d)", typ, v) }
