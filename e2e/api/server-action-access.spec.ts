// Access checks on the chat's server actions: another user's uncertain write cannot be checked or saved, signed in as
// someone else or signed out; the owner's data and the call's resolution stay untouched.
import { chatResponseSchema, conversationDetailSchema } from "@/lib/http/response-schemas";
import { expect, expectJson, storedRecords, test } from "./api-fixtures";
import { callAction } from "./server-actions";

test("another user's uncertain write: checkWriteAction and saveNowAction find nothing, signed in as someone else or signed out; 0 writes", async ({
  signUp,
  playwright,
  baseURL,
  appOrigin,
}) => {
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
    for (const [who, context] of [
      ["another user", other.cookie],
      ["signed out", signedOut],
    ] as const) {
      for (const name of ["checkWriteAction", "saveNowAction"]) {
        const answer = await callAction(context, { name, args: [{ toolCallId }], origin: appOrigin });
        expect(answer.body, `${who} ${name}`).not.toContain('"ok":true');
        // Signed in: the action answers not_found. Signed out: requireUser redirects to the login page before any look-up.
        if (who === "another user")
          expect([answer.redirect, answer.body], `${who} ${name}`).toEqual([undefined, expect.stringContaining('1:{"ok":false,"reason":"not_found"}')]);
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
  const own = await callAction(owner.cookie, { name: "checkWriteAction", args: [{ toolCallId }], origin: appOrigin });
  expect(own.body).toContain('"resolution":"not_saved"');
});
