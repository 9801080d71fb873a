// The offline coach through POST /api/v1/chat, in each language: the person's unit preference, signs, dates it cannot
// use, delete requests and confirmations, with the stored records read back through the API.
import { chatResponseSchema, type ChatResponse } from "@/lib/http/response-schemas";
import { expect, expectJson, storedRecords, test, type ApiUser } from "./api-fixtures";

async function chat(user: ApiUser, message: string, locale: "en" | "es" | "pt", conversationId?: string): Promise<ChatResponse> {
  return chatResponseSchema.parse(
    await expectJson(await user.bearer.post("/api/v1/chat", { data: { message, locale, ...(conversationId ? { conversationId } : {}) } })),
  );
}

const calls = (body: ChatResponse) => body.toolCalls.map((call) => [call.name, JSON.parse(call.arguments) as unknown, call.error ?? call.status]);

test("English, imperial preference: a bare number is pounds, converted by the tool, and reads answer in pounds", async ({ signUp }) => {
  const user = await signUp();
  const preference = await user.bearer.post("/api/auth/update-user", { data: { units: "imperial" } });
  expect(preference.status(), await preference.text()).toBe(200);
  const saved = await chat(user, "I weigh 170 on 2020-01-20", "en");
  expect(calls(saved)).toEqual([["save_measurement", { date: "2020-01-20", values: { weight_kg: 170 }, units: { mass: "lb" } }, "ok"]]);
  expect(saved.reply).toBe("Saved for 20 January 2020: weight 170 lb (77.1 kg).");
  expect(await storedRecords(user.bearer)).toEqual([expect.objectContaining({ date: "2020-01-20", values: { weight_kg: 77.1 } })]);
  const read = await chat(user, "What did I weigh on 20 January 2020?", "en");
  expect(read.reply).toBe("On 20 January 2020 you have: weight 170 lb.");
});

test("Spanish: a negative weight is refused in plain words and never stored as positive", async ({ signUp }) => {
  const user = await signUp();
  const body = await chat(user, "peso -80 kg el 2020-01-24", "es");
  expect(calls(body)).toEqual([["save_measurement", { date: "2020-01-24", values: { weight_kg: -80 } }, "bad_arguments"]]);
  expect(body.reply).toBe("El peso debe estar entre 20 y 400 kg; enviaste -80 kg. No se guardó nada.");
  expect(await storedRecords(user.bearer)).toEqual([]);
});

test("Portuguese: a day/month in digits is asked about and a delete request points to the Measurements page, with no tool", async ({ signUp }) => {
  const user = await signUp();
  const ambiguous = await chat(user, "pesei 77 kg em 02/01/2025", "pt");
  expect(ambiguous.toolCalls).toEqual([]);
  expect(ambiguous.reply).toContain('"02/01/2025" pode ser 2 de janeiro de 2025 ou 1 de fevereiro de 2025');
  const remove = await chat(user, "apague meu peso de 2020-01-04", "pt");
  expect(remove.toolCalls).toEqual([]);
  expect(remove.reply).toContain("página Medidas");
  expect(await storedRecords(user.bearer)).toEqual([]);
});

test("English: 'yes, replace it' replaces only right after the question, not after an unrelated message", async ({ signUp }) => {
  const user = await signUp();
  const first = await chat(user, "Save weight 76 kg for 2020-01-04", "en");
  const question = await chat(user, "Save weight 77.4 kg for 2020-01-04", "en", first.conversationId);
  expect(calls(question)).toEqual([["save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 } }, "conflict"]]);
  await chat(user, "hello", "en", first.conversationId);
  const late = await chat(user, "yes, replace it", "en", first.conversationId);
  expect(late.toolCalls).toEqual([]);
  expect(late.reply).toContain("There is nothing to confirm");
  expect(await storedRecords(user.bearer)).toEqual([expect.objectContaining({ date: "2020-01-04", values: { weight_kg: 76 } })]);
  await chat(user, "Save weight 77.4 kg for 2020-01-04", "en", first.conversationId);
  const confirmed = await chat(user, "yes, replace it", "en", first.conversationId);
  expect(calls(confirmed)).toEqual([["save_measurement", { date: "2020-01-04", values: { weight_kg: 77.4 }, replace: true }, "ok"]]);
  expect(await storedRecords(user.bearer)).toEqual([expect.objectContaining({ date: "2020-01-04", values: { weight_kg: 77.4 } })]);
});

test("a question's answers come as quickReplies, and sending one as the next message answers it", async ({ signUp }) => {
  const user = await signUp();
  const asked = await chat(user, "pesei 80 kg em 10 de novmbro de 2025", "pt");
  expect(calls(asked)).toEqual([]);
  expect(asked.reply).toContain("Você quis dizer 10 de novembro de 2025?");
  expect(asked.quickReplies).toEqual(["Sim, 10 de novembro de 2025", "Não"]);
  const answered = await chat(user, asked.quickReplies?.[0] ?? "", "pt", asked.conversationId);
  expect(calls(answered)).toEqual([["save_measurement", { date: "2025-11-10", values: { weight_kg: 80 } }, "ok"]]);
  expect(answered.quickReplies).toBeUndefined();
  expect(await storedRecords(user.bearer, "2025-01-01", "2025-12-31")).toEqual([expect.objectContaining({ date: "2025-11-10", values: { weight_kg: 80 } })]);
});
