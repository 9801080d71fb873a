// A server action's request body, checked before Next.js decodes it: React's reply decoder throws a SyntaxError on
// text that is not JSON (a 500 with a stack in the log) and recurses into nesting (a stack overflow). Bodies a page
// would never send are refused in our own words instead. Pure, so it is unit-tested; proxy.ts reads the body.
import { jsonTextExceedsDepth } from "./json-depth";

/** React's reply parts: the argument list "0" and any model chunk, named by number; form fields ("1_name") are text. */
const MODEL_PART = /^\d+$/;

function isWellFormedJson(text: string): boolean {
  if (jsonTextExceedsDepth(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The action's arguments as the React client encodes them: one JSON text, or multipart parts some of which are JSON. */
export type ActionBody = { kind: "text"; text: string } | { kind: "parts"; parts: ReadonlyArray<readonly [string, string]> };

/** True when every JSON part of the body parses and nests within the limit. */
export function isWellFormedActionBody(body: ActionBody): boolean {
  if (body.kind === "text") return isWellFormedJson(body.text);
  return body.parts.every(([name, value]) => !MODEL_PART.test(name) || isWellFormedJson(value));
}

export const MALFORMED_ACTION_BODY_MESSAGE = "This form's data could not be read. Reload the page and try again.\n";
