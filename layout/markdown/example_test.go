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
