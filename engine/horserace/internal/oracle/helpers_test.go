package oracle_test

import "furlong/engine/horserace"

func boardOf(i int) horserace.Board   { return horserace.AllBoards[i] }
func variantOf(i int) horserace.Rules { return horserace.Rules(i) }
