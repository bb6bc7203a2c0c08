package serve

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"furlong/layout"
)

// files are the page and its assets, every one of them embedded: the
// server reads nothing from the file system and loads nothing from
// another host. The boards' faces and their style sheet come from layout,
// embedded there.
//
//go:embed assets
var files embed.FS

// asset is one embedded file, ready to send.
type asset struct {
	body []byte
	kind string // Content-Type
	etag string
}

// assets maps a request's path to its file: "/" to the page.
var assets = func() map[string]asset {
	m := map[string]asset{}
	err := fs.WalkDir(files, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		kind := mime.TypeByExtension(path.Ext(p))
		switch path.Ext(p) {
		case ".js":
			kind = "text/javascript; charset=utf-8"
		case ".webmanifest":
			kind = "application/manifest+json"
		}
		if kind == "" {
			kind = "application/octet-stream"
		}
		m[strings.TrimPrefix(p, "assets")] = newAsset(b, kind)
		return nil
	})
	if err != nil {
		panic(err) // the embedded files are part of the binary
	}
	m["/"] = m["/index.html"]
	// The boards' faces, which layout embeds, and the style sheet that
	// declares them: the SVG pages in the page carry no style of their
	// own (layout.FontsHost), as the Content-Security-Policy wants.
	for name, ttf := range layout.FontFiles() {
		m[layout.FontPath+name] = newAsset(ttf, "font/ttf")
	}
	m["/svg.css"] = newAsset([]byte(layout.SVGStyle(layout.FontPath)), "text/css; charset=utf-8")
	return m
}()

func newAsset(b []byte, kind string) asset {
	sum := sha256.Sum256(b)
	return asset{body: b, kind: kind, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
}

// serveAsset answers GET and HEAD for the embedded files.
func serveAsset(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed: the page's files are read with GET", http.StatusMethodNotAllowed)
		return
	}
	a, ok := assets[r.URL.Path]
	if !ok {
		http.Error(w, "404 not found: furlong serve has no "+r.URL.Path, http.StatusNotFound)
		return
	}
	a.serve(w, r)
}

// serve answers a GET or HEAD request with the file: its body, or a 304
// when the request names its ETag.
func (a asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.kind)
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", "no-cache")
	if match := r.Header.Get("If-None-Match"); match != "" && match == a.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if r.Method == http.MethodHead {
		return
	}
	w.Write(a.body)
}
