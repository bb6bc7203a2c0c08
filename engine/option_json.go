package engine

import "encoding/json"

// MarshalJSON writes the option as a form on screen reads it: a choice
// with its values, the default first, and a whole number with its bounds,
// "min" and "max", where the values would stand.
func (o Option) MarshalJSON() ([]byte, error) {
	f := struct {
		Name    string   `json:"name"`
		Title   string   `json:"title"`
		Usage   string   `json:"usage"`
		Values  []string `json:"values,omitempty"`
		Min     *int     `json:"min,omitempty"`
		Max     *int     `json:"max,omitempty"`
		Default string   `json:"default"`
		Modes   []string `json:"modes,omitempty"`
	}{Name: o.Name, Title: o.Title, Usage: o.Usage, Values: o.Values, Default: o.Default, Modes: o.Modes}
	if o.Values == nil {
		f.Min, f.Max = &o.Min, &o.Max
	}
	return json.Marshal(f)
}
