// The Coach's replies are Markdown, rendered without ever passing raw HTML or unsafe links through.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReplyMarkdown } from "@/app/(chat)/reply-markdown";

const render = (text: string) => renderToStaticMarkup(createElement(ReplyMarkdown, { text }));

describe("ReplyMarkdown", () => {
  it("renders emphasis, lists and links", () => {
    const html = render("**76 kg** on 1 January.\n\n- 2 Jan: nothing\n- 1 Jan: 76 kg\n\n[help](https://example.org/help)");
    expect(html).toContain("<strong>76 kg</strong>");
    expect(html).toContain("<li>1 Jan: 76 kg</li>");
    expect(html).toContain('<a href="https://example.org/help" rel="noopener noreferrer nofollow" target="_blank">help</a>');
  });

  it("drops raw HTML, script links and images instead of passing them to the page", () => {
    const html = render('Hi <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3)) ![pixel](https://tracker.example/p.png)');
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
    expect(html).toContain("click");
  });
});
