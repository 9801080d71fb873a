// zod schemas of the API's request bodies and query strings (the OpenAPI document is generated from them).
import { z } from "zod";
import { MAX_CONVERSATIONS_PAGE } from "@/lib/conversations/conversation-page-size";
import { MAX_CHAT_MESSAGE_LENGTH } from "@/lib/chat/chat-event";
import { armFaultInputSchema } from "@/lib/faults/fault-modes";
import { locales } from "@/lib/i18n/locale";
import { isKnownTimeZone, MAX_TIME_ZONE_LENGTH } from "@/lib/measurements/dates";
import { getTrendInputSchema } from "@/lib/measurements/get-trend-input";
import { sentGoalSchema } from "@/lib/measurements/set-goal-input";
import { listMeasurementsInputSchema, saveMeasurementInputSchema } from "@/lib/measurements/validation";

/**
 * An API client names its zone on purpose, so an unknown one is a 400, not a silent fall back to the server's date
 * (the browser's chat, which sends whatever the browser reports, falls back instead).
 */
export const timeZoneSchema = z
  .string()
  // abort: an empty or overlong value gets one problem, not a second "unknown zone" one.
  .min(1, { abort: true })
  .max(MAX_TIME_ZONE_LENGTH, { abort: true })
  .refine(isKnownTimeZone, "must be an IANA time zone name such as Pacific/Auckland or America/New_York")
  .describe(
    "The user's IANA time zone, e.g. Pacific/Auckland: it decides which date is today (the Coach's today, and which dates are in the future). The server's date when omitted.",
  );

export const chatRequestSchema = z.strictObject({
  conversationId: z.string().min(1).max(100).optional().describe("Continue this conversation; a new one is started when omitted."),
  message: z
    .string()
    .min(1)
    .max(MAX_CHAT_MESSAGE_LENGTH)
    .refine((text) => text.trim() !== "", "must not be blank")
    .describe("What the user says to the Coach."),
  locale: z.enum(locales).optional().describe("The reply's language; from Accept-Language when omitted."),
  timeZone: timeZoneSchema.optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** PUT /api/v1/measurements/:date: the save_measurement arguments without the date, which the path names. */
export const putMeasurementBodySchema = saveMeasurementInputSchema.omit({ date: true });
export type PutMeasurementBody = z.infer<typeof putMeasurementBodySchema>;

export const conversationListQuerySchema = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(MAX_CONVERSATIONS_PAGE).optional().describe("Page size, 20 by default."),
    before: z.iso
      .datetime()
      .optional()
      .describe(
        "The nextBefore of the previous page. Send beforeId with it: alone, it skips conversations updated in the same millisecond as the previous page's last one.",
      ),
    beforeId: z.string().min(1).max(100).optional().describe("The nextBeforeId of the previous page; only together with before."),
  })
  .refine((query) => query.beforeId === undefined || query.before !== undefined, { message: "beforeId needs before", path: ["beforeId"] });

/** GET /api/v1/measurements?from=&to=: the list_measurements arguments, judged by the same validation. */
export const measurementListQuerySchema = listMeasurementsInputSchema.pick({ from: true, to: true });

/** GET /api/v1/trend?field=&days=: get_trend's arguments (query strings; the route passes a whole number of days as one). */
export const trendQuerySchema = getTrendInputSchema;

/** PUT /api/v1/goals/:field: set_goal's arguments without the field, which the path names. */
export const putGoalBodySchema = sentGoalSchema.omit({ field: true });

export const clearFaultsQuerySchema = z.strictObject({
  id: z.coerce.number().int().min(1).optional().describe("Clear only this fault; all of your faults when omitted."),
});

export { armFaultInputSchema };

export { MAX_CONVERSATIONS_PAGE };
