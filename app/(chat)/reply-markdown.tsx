// The Coach's reply as Markdown, rendered safely: raw HTML in the text is dropped (no rehype-raw), unsafe link
// protocols are removed by react-markdown's URL filter, images are not loaded (they would call out to any host).
import Markdown, { type Components } from "react-markdown";

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank">
      {children}
    </a>
  ),
};

export function ReplyMarkdown({ text }: { text: string }) {
  return (
    <Markdown components={components} disallowedElements={["img"]} unwrapDisallowed skipHtml>
      {text}
    </Markdown>
  );
}
