"use client";
// The Coach's replies need the Markdown renderer (react-markdown and its parsers, about 30 kB gzip), a new chat does
// not: it loads with the first reply shown, or as soon as the person starts a message, so a live reply rarely waits.
// A stored conversation's replies are rendered on the server and the renderer is preloaded with the page.
import dynamic from "next/dynamic";

export const LazyReplyMarkdown = dynamic(() => import("./reply-markdown").then((module) => module.ReplyMarkdown));

/** Starts loading the renderer (idempotent: the browser fetches the chunk once). */
export function preloadReplyMarkdown(): void {
  void import("./reply-markdown");
}
