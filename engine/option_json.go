package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// MarshalJSON writes the option as a form on screen reads it: its fields
// by their tags, and, for a whole number (no Values), its bounds "min"
// and "max" where the values would stand, before "default".
func (o Option) MarshalJSON() ([]byte, error) {
	type plain Option // the option without this method
	b, err := json.Marshal(plain(o))
	if err != nil || o.Values != nil {
		return b, err
	}
	// A quote inside a JSON string is escaped: this is the key.
	i := bytes.Index(b, []byte(`,"default":`))
	return slices.Concat(b[:i], fmt.Appendf(nil, `,"min":%d,"max":%d`, o.Min, o.Max), b[i:]), nil
}
