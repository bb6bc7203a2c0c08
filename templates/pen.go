package templates

import "furlong/layout"

// Pen is the colour of what a player or a scorekeeper writes on a filled
// sheet: a ballpoint's blue, apart from the printed Ink.
var Pen = layout.Color{R: 28, G: 52, B: 150}

// PenWidth is the width of the pen's marks other than digits, in
// millimetres.
const PenWidth = 0.35
