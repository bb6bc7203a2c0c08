package engine

import "fmt"

// EnumName is the name of e in names, a game's table of the names of a
// small enum, or "TYPE(N)" for a value past the table: the String of a
// game's roles, stages and jockeys.
//
//	func (r Role) String() string { return engine.EnumName(roleNames[:], r, "Role") }
func EnumName[E ~uint8](names []string, e E, typ string) string {
	if int(e) < len(names) {
		return names[e]
	}
	return unnamed(typ, int(e))
}

// unnamed is EnumName's "TYPE(N)", out of line so that EnumName and the
// Strings that call it inline.
func unnamed(typ string, n int) string { return fmt.Sprintf("%s(%d)", typ, n) }
