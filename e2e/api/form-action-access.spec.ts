// Access checks on every server action of the pages (measurements, account, QA, header, chat): with the owner's own
// session but a foreign, opaque or missing Origin; as another signed-in user naming the owner's date, fault,
// conversation and e-mail; and signed out. Each is refused, and the owner's data is the same before and after. A
// positive control runs the same calls as the owner from the app's own origin, so the refusals are the access checks
// and not a badly encoded call.
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { chatResponseSchema, conversationListSchema, faultListSchema } from "@/lib/http/response-schemas";
import { expect, expectJson, putMeasurement, storedRecords, test, type ApiUser } from "./api-fixtures";
import { callAction, postFormWithoutJavaScript, type ActionRequest } from "./server-actions";

const OWNER_DATE = "2020-01-05";
const idle = { status: "idle" };

type Owner = ApiUser & { faultId: number; conversationId: string };

/** An owner with one record, one armed fault (on writes, so reads keep working) and one conversation. */
async function ownerWithData(signUp: (label?: string) => Promise<ApiUser>): Promise<Owner> {
  const user = await signUp("owner");
  expect((await putMeasurement(user.bearer, { date: OWNER_DATE, body: { values: { weight_kg: 77 } }, key: randomUUID() })).status()).toBe(201);
  const fault = await expectJson<{ id: number }>(await user.bearer.post("/api/v1/qa/faults", { data: { target: "write", mode: "lost_ack" } }), 201);
  const turn = chatResponseSchema.parse(await expectJson(await user.bearer.post("/api/v1/chat", { data: { message: `What did I weigh on ${OWNER_DATE}?` } })));
  return { ...user, faultId: fault.id, conversationId: turn.conversationId };
}

/** Everything an action could change for the owner, read through the owner's bearer token. */
async function stateOf(owner: ApiUser) {
  return {
    records: await storedRecords(owner.bearer),
    faults: faultListSchema.parse(await expectJson(await owner.bearer.get("/api/v1/qa/faults"))).faults,
    conversations: conversationListSchema.parse(await expectJson(await owner.bearer.get("/api/v1/conversations"))).conversations,
  };
}

/** Every server action, each naming the owner's own date, fault, conversation or e-mail where it takes one. */
function everyActionAgainst(owner: Owner): ActionRequest[] {
  return [
    {
      name: "saveMeasurementAction",
      page: "/measurements",
      previousState: idle,
      form: { mode: "edit", idempotencyKey: randomUUID(), date: OWNER_DATE, weight_kg: "99", note: "" },
    },
    // Undo of a delete: after the save above, so for another user it meets that user's own value (a conflict).
    {
      name: "restoreMeasurementAction",
      page: "/measurements",
      args: [{ idempotencyKey: randomUUID(), record: { date: OWNER_DATE, values: { weight_kg: 50 }, note: null } }],
    },
    { name: "deleteMeasurementAction", page: "/measurements", form: { date: OWNER_DATE } },
    { name: "setUnitsAction", page: "/account", previousState: idle, form: { units: "imperial" } },
    {
      name: "deleteAccountAction",
      page: "/account",
      previousState: idle,
      form: { confirmEmail: owner.credentials.email, currentPassword: owner.credentials.password },
    },
    { name: "armFaultAction", page: "/qa", previousState: idle, form: { choice: "fail_before_commit:write", count: "" } },
    { name: "clearFaultsAction", page: "/qa", previousState: idle, form: { id: String(owner.faultId) } },
    { name: "setLocaleAction", page: "/", form: { locale: "pt" } },
    { name: "setThemeAction", page: "/", form: { theme: "dark" } },
    { name: "renameConversationAction", page: "/", args: [{ conversationId: owner.conversationId, title: "Taken over" }] },
    { name: "deleteConversationAction", page: "/", args: [{ conversationId: owner.conversationId }] },
    { name: "signOutAction", page: "/", form: {} },
    {
      name: "sendChatMessageAction",
      page: "/",
      args: [{ conversationId: owner.conversationId, message: `Save weight 90 kg for ${OWNER_DATE}`, locale: "en" }],
    },
    { name: "checkWriteAction", page: "/", args: [{ toolCallId: "call_unknown" }] },
    { name: "saveNowAction", page: "/", args: [{ toolCallId: "call_unknown" }] },
  ];
}

async function stillSignedIn(context: APIRequestContext): Promise<number> {
  return (await context.get("/api/v1/conversations")).status();
}

test("the owner's own session with a foreign, an opaque null or no Origin: every action is a 403 before it runs; 0 writes, still signed in", async ({
  signUp,
}) => {
  const owner = await ownerWithData(signUp);
  const before = await stateOf(owner);
  for (const origin of ["https://evil.example", "null", undefined]) {
    for (const call of everyActionAgainst(owner)) {
      const answer = await callAction(owner.cookie, { ...call, origin });
      const label = `${call.name} with Origin ${String(origin)}`;
      expect({ status: answer.status, redirect: answer.redirect, setCookie: answer.setCookie }, label).toEqual({
        status: 403,
        redirect: undefined,
        setCookie: undefined,
      });
      expect(answer.body, label).toBe("This form must be sent from a Palestra page.\n");
    }
  }
  expect(await stateOf(owner)).toEqual(before);
  // signOutAction and deleteAccountAction did not run: the cookie session is still good.
  expect(await stillSignedIn(owner.cookie)).toBe(200);
});

test("another signed-in user naming the owner's date, fault, conversation and e-mail reaches only their own data", async ({ signUp, appOrigin }) => {
  const owner = await ownerWithData(signUp);
  const other = await signUp("other");
  const before = await stateOf(owner);
  const answers = new Map<string, string>();
  for (const call of everyActionAgainst(owner)) {
    if (call.name === "signOutAction") continue; // Signs the caller out of their own session: nothing of the owner's to reach.
    const answer = await callAction(other.cookie, { ...call, origin: appOrigin });
    expect([answer.status, answer.redirect], call.name).toEqual([200, undefined]);
    answers.set(call.name, answer.body);
  }
  // Each action ran, scoped to the caller: the owner's fault id clears nothing, the owner's e-mail does not confirm the
  // caller's deletion, the owner's conversation does not exist for the caller, and the save and delete of the owner's
  // date happened in the caller's own records.
  expect(answers.get("clearFaultsAction")).toContain('{"status":"cleared","count":0}');
  expect(answers.get("deleteAccountAction")).toContain('{"status":"mismatch"}');
  expect(answers.get("sendChatMessageAction")).toContain("conversation_not_found");
  expect(answers.get("checkWriteAction")).toContain('{"ok":false,"reason":"not_found"}');
  expect(answers.get("saveMeasurementAction")).toContain(`"status":"saved","date":"${OWNER_DATE}"`);
  expect(answers.get("restoreMeasurementAction")).toContain('"status":"conflict"');
  expect(answers.get("renameConversationAction")).toContain('{"ok":false}');
  expect(answers.get("deleteConversationAction")).toContain('{"ok":false}');

  expect(await stateOf(owner)).toEqual(before);
  expect(await stillSignedIn(owner.cookie)).toBe(200);
  // The caller's own account holds what the caller did: the save, then the delete of that same date, and the fault.
  expect(await storedRecords(other.bearer)).toEqual([]);
  expect(faultListSchema.parse(await expectJson(await other.bearer.get("/api/v1/qa/faults"))).faults.map((fault) => [fault.target, fault.mode])).toEqual([
    ["write", "fail_before_commit"],
  ]);
});

test("signed out: every action that needs a user answers a redirect to /login and runs nothing", async ({ signUp, playwright, baseURL, appOrigin }) => {
  const owner = await ownerWithData(signUp);
  const before = await stateOf(owner);
  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    for (const call of everyActionAgainst(owner)) {
      const answer = await callAction(signedOut, { ...call, origin: appOrigin });
      if (call.name === "setLocaleAction" || call.name === "setThemeAction") {
        // The language and theme switches are in the header of the login page too: choosing needs no account.
        expect([answer.status, answer.setCookie], call.name).toEqual([200, expect.stringMatching(/^(locale=pt|theme=dark);/)]);
        continue;
      }
      expect([answer.status, answer.redirect], call.name).toEqual([200, "/login;push"]);
      expect(answer.body, call.name).not.toMatch(/"status"|"ok"|turn-/);
    }
  } finally {
    await signedOut.dispose();
  }
  expect(await stateOf(owner)).toEqual(before);
});

test("positive control: the same calls from the owner's session and the app's own origin do what they say", async ({ signUp, appOrigin }) => {
  const owner = await ownerWithData(signUp);
  const call = (name: string) => {
    const found = everyActionAgainst(owner).find((candidate) => candidate.name === name);
    if (!found) throw new Error(name);
    return callAction(owner.cookie, { ...found, origin: appOrigin });
  };
  expect((await call("clearFaultsAction")).body).toContain('{"status":"cleared","count":1}');
  expect((await call("saveMeasurementAction")).body).toContain(`"status":"saved","date":"${OWNER_DATE}","created":false`);
  expect(await storedRecords(owner.bearer)).toEqual([expect.objectContaining({ date: OWNER_DATE, values: { weight_kg: 99 } })]);
  await call("deleteMeasurementAction");
  expect(await storedRecords(owner.bearer)).toEqual([]);
  expect((await call("restoreMeasurementAction")).body).toContain(`"status":"saved","date":"${OWNER_DATE}","created":true`);
  expect(await storedRecords(owner.bearer)).toEqual([expect.objectContaining({ date: OWNER_DATE, values: { weight_kg: 50 } })]);
  expect((await call("setUnitsAction")).body).toContain('{"status":"saved","units":"imperial"}');
  expect((await call("setThemeAction")).setCookie).toMatch(/^theme=dark;/);
  expect((await call("renameConversationAction")).body).toContain('{"ok":true}');
  expect(conversationListSchema.parse(await expectJson(await owner.bearer.get("/api/v1/conversations"))).conversations.map((entry) => entry.title)).toEqual([
    "Taken over",
  ]);
  expect((await call("deleteConversationAction")).body).toContain('{"ok":true}');
  expect(conversationListSchema.parse(await expectJson(await owner.bearer.get("/api/v1/conversations"))).conversations).toEqual([]);
  expect((await call("armFaultAction")).body).toContain('{"status":"armed","mode":"fail_before_commit","target":"write"}');
  expect((await call("setLocaleAction")).setCookie).toMatch(/^locale=pt;/);
  expect((await call("checkWriteAction")).body).toContain('{"ok":false,"reason":"not_found"}');
  expect((await call("deleteAccountAction")).redirect).toBe("/login?deleted=1;push");
  expect(await stillSignedIn(owner.cookie)).toBe(401);
  expect((await owner.bearer.get("/api/v1/conversations")).status()).toBe(401);
});

test("positive control: signOutAction and sendChatMessageAction from the app's own origin sign out and run a turn", async ({ signUp, appOrigin }) => {
  const owner = await ownerWithData(signUp);
  const [chat, signOut] = ["sendChatMessageAction", "signOutAction"].map((name) => everyActionAgainst(owner).find((candidate) => candidate.name === name));
  if (!chat || !signOut) throw new Error("missing action");
  const turn = await callAction(owner.cookie, { ...chat, origin: appOrigin });
  expect(turn.body).toContain("turn-end");
  const conversations = conversationListSchema.parse(await expectJson(await owner.bearer.get("/api/v1/conversations"))).conversations;
  expect(conversations.map((conversation) => conversation.id)).toEqual([owner.conversationId]);
  expect((await callAction(owner.cookie, { ...signOut, origin: appOrigin })).redirect).toBe("/login;push");
  expect(await stillSignedIn(owner.cookie)).toBe(401);
});

test("a form posted without JavaScript is refused the same way, and works from the app's own origin", async ({ signUp, appOrigin }) => {
  const owner = await ownerWithData(signUp);
  const before = await stateOf(owner);
  const deleteOwnersDate = { name: "deleteMeasurementAction", page: "/measurements", form: { date: OWNER_DATE } };
  for (const origin of ["https://evil.example", "null", undefined]) {
    const answer = await postFormWithoutJavaScript(owner.cookie, { ...deleteOwnersDate, origin });
    expect(answer, `Origin ${String(origin)}`).toEqual({ status: 403, body: "This form must be sent from a Palestra page.\n" });
  }
  expect(await stateOf(owner)).toEqual(before);
  // Positive control: the same post from the app's origin deletes the record, so the refusals were not a bad request.
  expect((await postFormWithoutJavaScript(owner.cookie, { ...deleteOwnersDate, origin: appOrigin })).status).toBeLessThan(400);
  expect(await storedRecords(owner.bearer)).toEqual([]);
});

test("a missing Origin passes only with Sec-Fetch-Site: same-origin, on a server action and an API mutation alike", async ({ signUp }) => {
  const owner = await signUp("fetch-site");
  const setUnits = { name: "setUnitsAction", page: "/account", previousState: idle, form: { units: "imperial" }, origin: undefined };
  for (const fetchSite of ["cross-site", "same-site", "none"]) {
    const refused = await callAction(owner.cookie, { ...setUnits, headers: { "sec-fetch-site": fetchSite } });
    expect([fetchSite, refused.status]).toEqual([fetchSite, 403]);
    const put = await putMeasurement(owner.cookie, {
      date: OWNER_DATE,
      key: randomUUID(),
      body: { values: { weight_kg: 70 } },
      headers: { "sec-fetch-site": fetchSite },
    });
    expect([fetchSite, put.status()]).toEqual([fetchSite, 403]);
  }
  expect(await storedRecords(owner.bearer)).toEqual([]);
  const accepted = await callAction(owner.cookie, { ...setUnits, headers: { "sec-fetch-site": "same-origin" } });
  expect(accepted.body).toContain('{"status":"saved","units":"imperial"}');
  const put = await putMeasurement(owner.cookie, {
    date: OWNER_DATE,
    key: randomUUID(),
    body: { values: { weight_kg: 70 } },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(put.status()).toBe(201);
});
