// The body of the fake provider's POST /_script: model responses to give, in order, instead of the Decide function's
// (a test that needs a response the offline brain never gives, such as a save and a read asked for at once).
import { z } from "zod";

export const scriptedResponsesSchema = z.strictObject({
  responses: z
    .array(
      z.strictObject({
        text: z.string().default(""),
        toolCalls: z.array(z.strictObject({ callId: z.string().min(1), name: z.string().min(1), arguments: z.string() })).default([]),
      }),
    )
    .min(1),
});

export type ScriptedResponses = z.infer<typeof scriptedResponsesSchema>;
