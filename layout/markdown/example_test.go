package markdown_test

import (
	"fmt"

	"furlong/layout"
	"furlong/layout/markdown"
)

func ExampleRender() {
	src := []byte("# Getting started\n\nRead [the rules](#the-rules) first.\n\n## The rules\n\n| Roll | Means |\n|---|---|\n| 1 | start |\n")
	doc := layout.New(layout.A4, layout.Uniform(20))
	res, err := markdown.Render(doc, src, markdown.Options{Title: "A small book", Contents: true, Footer: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("pages:", res.Pages)
	for _, h := range res.Headings {
		fmt.Printf("%d %q #%s on page %d\n", h.Level, h.Text, h.ID, h.Page)
	}
	// Output:
	// pages: 3
	// 1 "Getting started" #getting-started on page 3
	// 2 "The rules" #the-rules on page 3
}

// A game's rulebook test holds its pages to the typesetting rules.
func ExampleCheckPagination() {
	var src []byte
	for i := 1; i <= 40; i++ {
		src = fmt.Appendf(src, "## Rule %d\n\nA rider writes a number in the next empty box of a lane, when the dice allow it, and the horse moves on.\n\n", i)
	}
	doc := layout.New(layout.A4, layout.Uniform(20))
	res, err := markdown.Render(doc, src, markdown.Options{BodySize: 10.5})
	if err != nil {
		fmt.Println(err)
		return
	}
	problems := markdown.CheckPagination(res, 0.15)
	fmt.Println("pages:", res.Pages, "problems:", len(problems))
	// Output:
	// pages: 3 problems: 0
}
