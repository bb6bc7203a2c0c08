package oracle_test

import "furlong/engine/horserace"

func boardOf(i int) horserace.Board     { return horserace.AllBoards[i] }
func variantOf(i int) horserace.Variant { return horserace.Variant(i) }
