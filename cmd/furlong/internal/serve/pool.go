package serve

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"time"
)

// Every request is answered well before the server's write timeout, and
// one that is working when the server stops, well before its shutdown
// grace: a request waits at most queueWait for its turn, then works at
// most its pool's budget.
const (
	// queueWait is the longest a request waits for a place to run.
	queueWait = 4 * time.Second
	// playBudget bounds a request that plays or reads a log (new, step,
	// state): its steps stop at stepBudget, and reading a log of MaxBody
	// takes a fraction of a second, so it is a backstop.
	playBudget = 6 * time.Second
	// replayBudget bounds the index of a replay's moves.
	replayBudget = 6 * time.Second
	// printBudget bounds drawing the sheets of a log.
	printBudget = 6 * time.Second
	// reviewBudget bounds a review: one of a real game's log takes well
	// under a second, and one of a log of MaxBody written to be long,
	// several.
	reviewBudget = 8 * time.Second
)

// pool bounds one kind of request: how many work at once, how many more
// may wait for their turn and for how long, and how long one may work. A
// request that finds no place to wait, or waits too long, is answered 503
// with Retry-After at once; one whose work runs past the budget stops, and
// is answered the same.
type pool struct {
	// doing says what a request of the pool does, for its messages:
	// "reviewing the log".
	doing string
	run   chan struct{} // a place for each request working
	// places holds a place for each request working or waiting: its
	// capacity bounds the queue.
	places chan struct{}
	wait   time.Duration // the longest a request waits for its turn
	budget time.Duration // the longest a request works once it has it
	// idle, when not nil, is called when a request leaves the pool and
	// none works or waits.
	idle func()
}

// newPool is a pool for run requests at once and waiting more waiting.
func newPool(doing string, run, waiting int, budget time.Duration) *pool {
	return &pool{doing: doing, run: make(chan struct{}, run), places: make(chan struct{}, run+waiting), wait: queueWait, budget: budget}
}

// stoppingKey is the key of the channel a request's context carries when
// its server can stop (see Run): closed once the server stops, so that a
// request waiting for its turn is answered at once.
type stoppingKey struct{}

// stopping is the channel closed when the server of the request whose
// context is ctx stops; nil, never closed, when it does not say.
func stopping(ctx context.Context) <-chan struct{} {
	c, _ := ctx.Value(stoppingKey{}).(<-chan struct{})
	return c
}

// acquire waits for a place to work in p while the request lasts, the
// server runs and p.wait allows, and returns the function that gives the
// place back.
func (p *pool) acquire(ctx context.Context) (func(), *apiError) {
	select {
	case p.places <- struct{}{}:
	default:
		return nil, p.busy()
	}
	timer := time.NewTimer(p.wait)
	defer timer.Stop()
	select {
	case p.run <- struct{}{}:
		return func() {
			<-p.run
			<-p.places
			if p.idle != nil && len(p.places) == 0 {
				p.idle()
			}
		}, nil
	case <-timer.C:
		<-p.places
		return nil, p.busy()
	case <-stopping(ctx):
		<-p.places
		return nil, stoppingErr()
	case <-ctx.Done():
		<-p.places
		return nil, p.busy() // nobody reads it: the client has gone
	}
}

// busy is the answer to a request that finds no place in p in time.
func (p *pool) busy() *apiError {
	return &apiError{status: http.StatusServiceUnavailable, retry: p.retry(), Message: fmt.Sprintf("the server is busy %s for others: try again in %d seconds", p.doing, p.retry())}
}

// late is the answer to a request whose work ran past p's budget.
func (p *pool) late() *apiError {
	return &apiError{status: http.StatusServiceUnavailable, retry: p.retry(), Message: fmt.Sprintf("%s takes longer than the %v the server gives one request: try again when it is less busy, or use the command line, which has no such bound", upper(p.doing), p.budget)}
}

// retry is the seconds a client is told to wait before it asks again:
// the time a request of p works, at the most.
func (p *pool) retry() int { return int(math.Ceil(p.budget.Seconds())) }

func stoppingErr() *apiError {
	return &apiError{status: http.StatusServiceUnavailable, retry: 5, Message: "the server is stopping: try again in a moment, once it is back (the page keeps the game)"}
}

// upper is s with its first letter upper-case.
func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
