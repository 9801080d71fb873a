// The replace a "yes, replace it" may confirm: only the one the coach's immediately preceding message asked about.
import type { HistoryItem } from "../../history";
import { collectCalls } from "./collect-turn-calls";

/**
 * The arguments of the save (and the question asked) whose conflict the previous turn ended on, asking the question; undefined when that turn
 * was anything else (an unrelated "hola" in between leaves nothing to confirm).
 */
export function findPendingConflict(history: HistoryItem[], userIndex: number): { arguments: Record<string, unknown>; question: string } | undefined {
  const before = history.slice(0, userIndex);
  const previousUser = before.findLastIndex((item) => item.type === "user");
  if (previousUser < 0) return undefined;
  const turn = before.slice(previousUser + 1);
  const answer = turn.at(-1);
  // The question is that turn's final answer: text, and no call after the conflict.
  if (answer?.type !== "assistant" || answer.toolCalls.length > 0 || answer.text.trim() === "") return undefined;
  const lastCall = collectCalls(turn).at(-1);
  const isConflict = lastCall?.name === "save_measurement" && lastCall.outcome?.isError && lastCall.outcome.code === "conflict";
  return isConflict ? { arguments: lastCall.arguments, question: answer.text } : undefined;
}
