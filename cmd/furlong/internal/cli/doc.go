// Package cli holds furlong's cobra commands. Each command fills an options
// struct from its flags and calls one run function that takes its input and
// output streams; errors become exit codes in Main, and nowhere else.
package cli
