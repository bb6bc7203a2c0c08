package engine

import "encoding/json"

// MarshalJSON writes the option as a form on screen reads it: its fields
// by their tags and, for a whole number (no Values), its bounds "min" and
// "max".
func (o Option) MarshalJSON() ([]byte, error) {
	type plain Option // the option without this method
	f := struct {
		plain
		Min *int `json:"min,omitempty"`
		Max *int `json:"max,omitempty"`
	}{plain: plain(o)}
	if o.Values == nil {
		f.Min, f.Max = &o.Min, &o.Max
	}
	return json.Marshal(f)
}
