// 400 problems for requests that fail their schema: zod issues for plain requests, the contract's messages for measurements.
import type { z } from "zod";
import { argumentProblemMessage } from "@/lib/outcome/argument-messages";
import type { Locale } from "@/lib/i18n/locale";
import { detailsOf, type ArgumentProblem } from "@/lib/outcome/argument-problem";
import { problemResponse } from "./problem";

/** Each issue's path and message; never the received value echoed back beyond what zod's message says. */
export function invalidRequestResponse(error: z.ZodError, subject: string): Response {
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  const first = errors[0];
  const detail = first ? `Invalid ${subject}: ${first.path ? `${first.path}: ` : ""}${first.message}.` : `Invalid ${subject}.`;
  return problemResponse({ slug: "invalid_request", detail, extensions: { errors } });
}

/**
 * Measurement arguments are judged by the same validation as the Coach's tools, so the detail carries the contract's
 * message parts (the constraint, the value received, a valid form to copy) in the caller's language.
 */
export function badArgumentsResponse(problems: readonly ArgumentProblem[], locale: Locale): Response {
  const errors = problems.map((problem) => ({ message: argumentProblemMessage(problem, locale), ...detailsOf(problem) }));
  return problemResponse({ slug: "bad_arguments", detail: errors.map((entry) => entry.message).join(" "), extensions: { errors } });
}
