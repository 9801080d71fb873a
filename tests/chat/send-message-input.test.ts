// What the chat page's sendChatMessageAction accepts: the browser's zone rides along, and a bad one never refuses the turn.
import { describe, expect, it } from "vitest";
import { sendMessageSchema } from "@/lib/chat/send-message-input";

const base = { message: "Save weight 77.9 kg for today", locale: "en" };

describe("the chat action's input", () => {
  it("keeps the browser's time zone for runChatTurn", () => {
    expect(sendMessageSchema.parse({ ...base, timeZone: "Pacific/Auckland" })).toEqual({ ...base, timeZone: "Pacific/Auckland" });
  });

  it("passes an unknown zone name on (runChatTurn falls back to the server's date) and drops one that is not a string", () => {
    expect(sendMessageSchema.parse({ ...base, timeZone: "Mars/Olympus_Mons" })).toEqual({ ...base, timeZone: "Mars/Olympus_Mons" });
    expect(sendMessageSchema.parse({ ...base, timeZone: 13 })).toEqual(base);
    expect(sendMessageSchema.parse({ ...base, timeZone: null })).toEqual(base);
  });

  it("still runs a turn sent without a zone, as an older page does", () => {
    expect(sendMessageSchema.parse(base)).toEqual(base);
  });
});
