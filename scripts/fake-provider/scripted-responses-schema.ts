// The bodies of the fake provider's script endpoints: POST /_script queues model responses to give in order, instead of
// the Decide function's (a test that needs a response the offline brain never gives, such as a save and a read asked
// for at once); POST /_script/turns scripts whole turns by the person's message, so a battery of scenarios can be
// replayed run after run without queueing anything again.
import { z } from "zod";

const scriptedResponseSchema = z.strictObject({
  text: z.string().default(""),
  toolCalls: z.array(z.strictObject({ callId: z.string().min(1), name: z.string().min(1), arguments: z.string() })).default([]),
});

export const scriptedResponsesSchema = z.strictObject({
  responses: z.array(scriptedResponseSchema).min(1),
});

export type ScriptedResponses = z.infer<typeof scriptedResponsesSchema>;

export const scriptedTurnsSchema = z.strictObject({
  turns: z
    .array(
      z.strictObject({
        /** The turn's user message, matched exactly against the last user message of a request. */
        userMessage: z.string().min(1),
        /** Round by round: the response to give when the request holds that many model responses after the message. */
        responses: z.array(scriptedResponseSchema).min(1),
      }),
    )
    .min(1),
});

export type ScriptedTurns = z.infer<typeof scriptedTurnsSchema>;
