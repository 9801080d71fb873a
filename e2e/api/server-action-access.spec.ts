// Access checks on the chat's server actions: another user's uncertain write cannot be checked or saved, signed in as
// someone else or signed out; the owner's data and the call's resolution stay untouched.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { chatResponseSchema, conversationDetailSchema } from "@/lib/http/response-schemas";
import { expect, expectJson, storedRecords, test } from "./api-fixtures";

/** A server action's id from the production build's manifest (the same id the chat page posts with). */
function actionIdOf(exportedName: string): string {
  const manifestFile = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { node: Record<string, { exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(([, action]) => action.exportedName === exportedName);
  if (!entry) throw new Error(`no server action named ${exportedName} in the build`);
  return entry[0];
}

/** Calls a server action the way the React client does: POST to its page with the Next-Action header and the arguments as JSON. */
async function callAction(context: APIRequestContext, options: { name: string; argument: unknown; origin: string }) {
  const response = await context.post("/", {
    headers: { "next-action": actionIdOf(options.name), "content-type": "text/plain;charset=UTF-8", origin: options.origin, accept: "text/x-component" },
    data: JSON.stringify([options.argument]),
    maxRedirects: 0,
  });
  return { status: response.status(), body: await response.text(), redirect: response.headers()["x-action-redirect"] };
}

test("another user's uncertain write: checkWriteAction and saveNowAction find nothing, signed in as someone else or signed out; 0 writes", async ({ signUp, playwright, baseURL, appOrigin }) => {
  const owner = await signUp("owner");
  // A write that times out leaves the outcome unknown with nothing stored: exactly what saveNowAction would store.
  expect((await owner.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "timeout", count: 1 } })).status()).toBe(201);
  const turn = chatResponseSchema.parse(await expectJson(await owner.bearer.post("/api/v1/chat", { data: { message: "Save weight 76.5 kg for 2020-01-07" } })));
  expect(turn.outcome).toBe("stopped_outcome_unknown");
  const toolCallId = turn.toolCalls[0]?.id ?? "";
  expect(toolCallId).not.toBe("");
  expect(await storedRecords(owner.bearer)).toEqual([]);

  const other = await signUp("other");
  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    for (const [who, context] of [["another user", other.cookie], ["signed out", signedOut]] as const) {
      for (const name of ["checkWriteAction", "saveNowAction"]) {
        const answer = await callAction(context, { name, argument: { toolCallId }, origin: appOrigin });
        expect(answer.body, `${who} ${name}`).not.toContain('"ok":true');
        // Signed in: the action answers not_found. Signed out: requireUser redirects to the login page before any look-up.
        if (who === "another user") expect([answer.redirect, answer.body], `${who} ${name}`).toEqual([undefined, expect.stringContaining('1:{"ok":false,"reason":"not_found"}')]);
        else expect([answer.redirect, answer.body.includes('"reason"')], `${who} ${name}`).toEqual(["/login;push", false]);
      }
    }
  } finally {
    await signedOut.dispose();
  }

  // Nothing was stored for the owner, and the call's resolution was not written by anyone else's check.
  expect(await storedRecords(owner.bearer)).toEqual([]);
  const conversation = conversationDetailSchema.parse(await expectJson(await owner.bearer.get(`/api/v1/conversations/${turn.conversationId}`)));
  const stored = conversation.messages.flatMap((message) => message.toolCalls).find((call) => call.id === toolCallId);
  expect(stored?.resolution).toBeNull();

  // The same action as the owner does find it, so "not_found" above is the access check and not a broken call.
  const own = await callAction(owner.cookie, { name: "checkWriteAction", argument: { toolCallId }, origin: appOrigin });
  expect(own.body).toContain('"resolution":"not_saved"');
});
