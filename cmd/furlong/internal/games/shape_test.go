package games_test

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"furlong/cmd/furlong/internal/games"
	"furlong/internal/testkit"
)

// The one shape every game has, as engine's doc sets it out: for each of a
// game's packages (by its folder below engine/GAME; "" is engine/GAME
// itself), the names it must export and how each reads, with the game's
// own packages written by their folder ("rules." for engine/GAME,
// "notation.", ...). A game without decisions has no bot package. The
// commands need none of it (they call a game through its plug): what a
// game has, it has in this shape, and a game whose rules fit in one
// package (engine/GAME alone, as a game copied from the template) is held
// to that package's names.
var contract = map[string][]string{
	"": {
		"const MinPlayers untyped int",
		"const MaxPlayers untyped int",
		"type Rule uint8",
		"method (Rule) String() string",
		"method (Rule) Chapter() string",
		"const RuleNotation rules.Rule",
		"const RuleSetup rules.Rule",
		"const RuleUnfinished rules.Rule",
	},
	"notation": {
		"func IsKeyword(string) bool",
		"type Kind uint8",
		"method (Kind) String() string",
		"type Statement struct",
		"type Header struct",
		"type Log struct",
		"method (*Log) MarshalText() ([]byte, error)",
		"method (*Log) UnmarshalText([]byte) error",
		"method (*Log) WriteTo(io.Writer) (int64, error)",
		"type Decoder struct",
		"func NewDecoder(io.Reader) *notation.Decoder",
		"method (*Decoder) Reset(io.Reader)",
		"method (*Decoder) ResetBytes([]byte)",
		"method (*Decoder) Next(*notation.Statement) error",
		"method (*Decoder) Line() int",
		"func Decode(io.Reader) (*notation.Log, error)",
		"func DecodeBytes([]byte) (*notation.Log, error)",
		"func AppendHeader([]byte, *notation.Header) []byte",
		"func AppendStatement([]byte, *notation.Header, *notation.Statement) []byte",
	},
	"play": {
		"var Options []engine.Option",
		"func Table(string) (engine.Table, error)",
		"func New(engine.Setup) (*play.State, error)",
		"func Read(io.Reader) (*play.State, error)",
		"type State struct",
		"implements *play.State engine.State",
	},
	"referee": {
		"func Judge(io.Reader, engine.JudgeOptions) (*referee.Result, error)",
		"type Result struct",
		"implements *referee.Result engine.Verdict",
	},
	"bot": {
		"var Names []string",
		"func New(string) (engine.Bot, error)",
	},
	"sim": {
		"type Table struct",
		"type Options struct",
		"field Options.RunOptions engine.RunOptions",
		"field Options.Table sim.Table",
		"type Report struct",
		"method (*Report) Text() string",
		"method (*Report) JSON() any",
		"func Run(sim.Options) (*sim.Report, error)",
		"func PlayOne(sim.Table, uint64, int) ([]byte, error)",
	},
}

// noDecisions are the games that have chance and no choices: no bots.
var noDecisions = map[string]bool{"horserace": true}

// TestOneShape checks the packages of every game of the registry, and of
// the template game, against the contract, and keeps a listing of each one's whole exported API in
// testdata/api, so that a game drifting from the others shows in review
// (go test -update rewrites the listings).
func TestOneShape(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every package")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "furlong/engine/...")
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]map[string]*types.Package{} // game -> role -> package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors[0])
		}
		rest, ok := strings.CutPrefix(p.PkgPath, "furlong/engine/")
		if !ok || strings.Contains(rest, "internal") {
			continue
		}
		game, role, _ := strings.Cut(rest, "/")
		if all[game] == nil {
			all[game] = map[string]*types.Package{}
		}
		all[game][role] = p.Types
	}
	registered := map[string]bool{}
	for _, g := range append(games.All(), games.Template()) {
		registered[g.Name] = true
		if all[g.Name] == nil {
			t.Errorf("%s is registered, but there is no engine/%s", g.Name, g.Name)
		}
	}
	for game, roles := range all {
		if !registered[game] {
			continue
		}
		whole := len(roles) > 1 // a game of several packages has every one
		for role, want := range contract {
			if role == "bot" && noDecisions[game] {
				continue
			}
			p := roles[role]
			if p == nil {
				if whole {
					t.Errorf("%s: no package engine/%s/%s", game, game, role)
				}
				continue
			}
			have := map[string]bool{}
			for _, line := range api(p, game) {
				have[line] = true
			}
			for _, w := range want {
				if !have[w] {
					t.Errorf("engine/%s: lacks %s", pkgDir(game, role), w)
				}
			}
		}
		var listing []string
		roleNames := make([]string, 0, len(roles))
		for r := range roles {
			roleNames = append(roleNames, r)
		}
		sort.Strings(roleNames)
		for _, r := range roleNames {
			listing = append(listing, "", "package "+pkgDir(game, r))
			listing = append(listing, api(roles[r], game)...)
		}
		testkit.Golden(t, filepath.Join("testdata", "api", game+".txt"), []byte(strings.Join(listing[1:], "\n")+"\n"))
	}
	// Listings of games that are gone fail too.
	files, _ := filepath.Glob(filepath.Join("testdata", "api", "*.txt"))
	for _, f := range files {
		if g := strings.TrimSuffix(filepath.Base(f), ".txt"); !registered[g] {
			if *testkit.Update {
				os.Remove(f)
			} else {
				t.Errorf("%s: no game %s", f, g)
			}
		}
	}
}

func pkgDir(game, role string) string {
	if role == "" {
		return game
	}
	return game + "/" + role
}

// api lists a package's exported names, one a line, in the contract's
// words: consts, vars, funcs, types, their exported fields and methods,
// and which of the engine's interfaces its types implement.
func api(p *types.Package, game string) []string {
	qual := func(o *types.Package) string {
		if o == p {
			return roleName(o.Path(), game)
		}
		return roleName(o.Path(), game)
	}
	engineIfaces := map[string]*types.Interface{}
	for _, imp := range p.Imports() {
		if imp.Path() == "furlong/engine" {
			for _, n := range []string{"State", "Observer", "Verdict", "Bot"} {
				if o, ok := imp.Scope().Lookup(n).(*types.TypeName); ok {
					engineIfaces[n] = o.Type().Underlying().(*types.Interface)
				}
			}
		}
	}
	var out []string
	scope := p.Scope()
	for _, name := range scope.Names() {
		o := scope.Lookup(name)
		if !o.Exported() {
			continue
		}
		switch o := o.(type) {
		case *types.Const:
			out = append(out, fmt.Sprintf("const %s %s", name, types.TypeString(o.Type(), qual)))
		case *types.Var:
			out = append(out, fmt.Sprintf("var %s %s", name, types.TypeString(o.Type(), qual)))
		case *types.Func:
			out = append(out, "func "+name+signature(o.Type().(*types.Signature), qual))
		case *types.TypeName:
			if o.IsAlias() {
				out = append(out, fmt.Sprintf("type %s = %s", name, types.TypeString(o.Type(), qual)))
				continue
			}
			u := o.Type().Underlying()
			kind := types.TypeString(u, qual)
			switch u := u.(type) {
			case *types.Struct:
				kind = "struct"
				for i := range u.NumFields() {
					f := u.Field(i)
					if f.Exported() {
						out = append(out, fmt.Sprintf("field %s.%s %s", name, f.Name(), types.TypeString(f.Type(), qual)))
					}
				}
			case *types.Interface:
				kind = "interface"
				for i := range u.NumMethods() {
					m := u.Method(i)
					out = append(out, fmt.Sprintf("method (%s) %s%s", name, m.Name(), signature(m.Type().(*types.Signature), qual)))
				}
			}
			out = append(out, fmt.Sprintf("type %s %s", name, kind))
			if _, ok := u.(*types.Interface); ok {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(o.Type()))
			for i := range ms.Len() {
				m := ms.At(i).Obj()
				if !m.Exported() {
					continue
				}
				sig := m.Type().(*types.Signature)
				recv := name
				if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
					recv = "*" + name
				}
				out = append(out, fmt.Sprintf("method (%s) %s%s", recv, m.Name(), signature(sig, qual)))
			}
			for _, n := range []string{"Bot", "Observer", "State", "Verdict"} {
				if it := engineIfaces[n]; it != nil && types.Implements(types.NewPointer(o.Type()), it) {
					out = append(out, fmt.Sprintf("implements *%s.%s engine.%s", roleName(p.Path(), game), name, n))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// roleName writes a package as the contract does: the engine as "engine",
// a game's own packages by their folder ("rules" for engine/GAME itself),
// anything else by its name.
func roleName(pkgPath, game string) string {
	switch {
	case pkgPath == "furlong/engine":
		return "engine"
	case pkgPath == "furlong/engine/"+game:
		return "rules"
	}
	if rest, ok := strings.CutPrefix(pkgPath, "furlong/engine/"+game+"/"); ok {
		return rest
	}
	return pkgPath[strings.LastIndex(pkgPath, "/")+1:]
}

// signature writes a function's parameter and result types without their
// names, which are each game's own: "(io.Reader) (*notation.Log, error)".
func signature(sig *types.Signature, qual types.Qualifier) string {
	list := func(t *types.Tuple, variadic bool) string {
		var ps []string
		for i := range t.Len() {
			s := types.TypeString(t.At(i).Type(), qual)
			if variadic && i == t.Len()-1 {
				s = "..." + strings.TrimPrefix(s, "[]")
			}
			ps = append(ps, s)
		}
		return strings.Join(ps, ", ")
	}
	s := "(" + list(sig.Params(), sig.Variadic()) + ")"
	switch r := sig.Results(); r.Len() {
	case 0:
	case 1:
		s += " " + list(r, false)
	default:
		s += " (" + list(r, false) + ")"
	}
	return s
}
