// Building blocks for the fake model's scripts: one response per round, each a text, tool calls, or both.

export type ScriptedCall = { callId: string; name: string; arguments: string };
export type ScriptedResponse = { text: string; toolCalls: ScriptedCall[] };
/** Per turn of the scenario, the responses of its rounds in order. */
export type ScenarioScript = ScriptedResponse[][];

let counter = 0;
const nextCallId = (name: string) => `call_${name}_${(counter++).toString(36)}`;

export function call(name: string, args: Record<string, unknown>): ScriptedCall {
  return { callId: nextCallId(name), name, arguments: JSON.stringify(args) };
}

export function calls(...toolCalls: ScriptedCall[]): ScriptedResponse {
  return { text: "", toolCalls };
}

export function answer(text: string): ScriptedResponse {
  return { text, toolCalls: [] };
}

/** Text and a call in one response, as some models write before their call ("I'll save that now."). */
export function say(text: string, ...toolCalls: ScriptedCall[]): ScriptedResponse {
  return { text, toolCalls };
}
