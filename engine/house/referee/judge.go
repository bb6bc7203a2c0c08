package referee

import (
	"bytes"

	"furlong/engine/house/racelog"
)

// IsTranscript reports whether src reads as a sheet transcript (it has a
// `sheet` or `field` block) rather than a race log.
func IsTranscript(src []byte) bool {
	for line := range bytes.Lines(src) {
		f := bytes.Fields(line)
		if len(f) > 0 && (string(f[0]) == "sheet" || string(f[0]) == "field") {
			return true
		}
	}
	return false
}

// Judge decodes src as a race log or a sheet transcript, whichever it is,
// and judges it. Malformed input comes back as a *racelog.Error, a broken
// rule as an *Error.
func Judge(src []byte, opt Options) (*Result, error) {
	if IsTranscript(src) {
		return judgeTranscript(src, opt)
	}
	log, err := racelog.DecodeBytes(src)
	if err != nil {
		return nil, err
	}
	return Replay(log, opt)
}
