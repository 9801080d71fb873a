// Calling server actions outside the browser, byte for byte the way the React client does, so specs can send them
// signed out, as another user, or with a foreign, opaque or missing Origin.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";

/** A server action's id from the production build's manifest (the same id the pages post with). */
export function actionIdOf(exportedName: string): string {
  const manifestFile = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { node: Record<string, { exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(([, action]) => action.exportedName === exportedName);
  if (!entry) throw new Error(`no server action named ${exportedName} in the build`);
  return entry[0];
}

/** What an action is called with, wherever from. */
export type ActionRequest = {
  /** The exported name of the action. */
  name: string;
  /** The page whose form or component posts it. */
  page?: string;
} & (
  | { /** Plain arguments, sent as React sends them when no FormData is involved: a JSON array as text/plain. */ args: unknown[] }
  | {
      /** A form submission: `action(formData)`, or `action(previousState, formData)` from useActionState when given. */
      form: Record<string, string>;
      previousState?: unknown;
    }
);

/** The Origin header: a URL, the opaque "null", or omitted entirely when undefined; `headers`: any more to send. */
export type ActionCall = ActionRequest & { origin: string | undefined; headers?: Record<string, string> };

export type ActionAnswer = { status: number; body: string; redirect: string | undefined; setCookie: string | undefined };

/**
 * React's encodeReply (react-server-dom-webpack, as bundled with Next 16) turns a FormData argument into the reference
 * "$K1" with its fields as multipart parts named "_1_<field>", and appends the argument list last, as the part "0".
 * Fields under any other name reach the action as an empty form, so the positive controls below catch a wrong encoding.
 */
function multipartOf(form: Record<string, string>, previousState: unknown): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(form)) body.append(`_1_${field}`, value);
  body.append("0", JSON.stringify(previousState === undefined ? ["$K1"] : [previousState, "$K1"]));
  return body;
}

export async function callAction(context: APIRequestContext, call: ActionCall): Promise<ActionAnswer> {
  const headers: Record<string, string> = { "next-action": actionIdOf(call.name), accept: "text/x-component", ...call.headers };
  if (call.origin !== undefined) headers.origin = call.origin;
  if (!("form" in call)) headers["content-type"] = "text/plain;charset=UTF-8";
  const payload = "form" in call ? { multipart: multipartOf(call.form, call.previousState) } : { data: JSON.stringify(call.args) };
  const response = await context.post(call.page ?? "/", { headers, maxRedirects: 0, ...payload });
  const answer = response.headers();
  return { status: response.status(), body: await response.text(), redirect: answer["x-action-redirect"], setCookie: answer["set-cookie"] };
}

/**
 * A plain `<form action={serverAction}>` submitted before the page's JavaScript has loaded: a multipart POST with no
 * Next-Action header, naming the action in a `$ACTION_ID_<id>` field beside the form's own fields.
 */
export async function postFormWithoutJavaScript(
  context: APIRequestContext,
  call: { name: string; page: string; form: Record<string, string>; origin: string | undefined },
): Promise<{ status: number; body: string }> {
  const body = new FormData();
  body.append(`$ACTION_ID_${actionIdOf(call.name)}`, "");
  for (const [field, value] of Object.entries(call.form)) body.append(field, value);
  const headers: Record<string, string> = call.origin === undefined ? {} : { origin: call.origin };
  const response = await context.post(call.page, { headers, multipart: body, maxRedirects: 0 });
  return { status: response.status(), body: await response.text() };
}
