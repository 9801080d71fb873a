// The fake provider for `--provider fake` and the scorer's tests: the real wire APIs on a local port, answering the
// battery's messages from a script and refusing anything else, and the environment that points the app's adapters at it.
import { startFakeProviderServer, type FakeProviderServer } from "../fake-provider/create-fake-provider-server";
import { ScriptExhaustedError } from "../fake-provider/scripted-turns";
import type { EvalScenario } from "./eval-scenario";
import { scriptedTurnsFor } from "./fake-scripts/scripted-turns-for";

export type ScriptedFake = { server: FakeProviderServer; environment: Record<string, string | undefined>; close: () => Promise<void> };

/** Points every adapter at the fake; the keys are placeholders the fake does not check. */
export function fakeEnvironment(url: string): Record<string, string | undefined> {
  return {
    OPENAI_API_KEY: "fake-key",
    OPENAI_BASE_URL: `${url}/v1`,
    ANTHROPIC_API_KEY: "fake-key",
    ANTHROPIC_BASE_URL: url,
    GEMINI_API_KEY: "fake-key",
    GOOGLE_GEMINI_BASE_URL: url,
  };
}

/** Loads a script (well-behaved, or one misbehaviour) into a running fake, replacing the turns it scripts. */
export async function loadFakeScript(options: { url: string; scenarios: readonly EvalScenario[]; scriptName: string }): Promise<void> {
  const response = await fetch(`${options.url}/_script/turns`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(scriptedTurnsFor({ scenarios: options.scenarios, scriptName: options.scriptName })),
  });
  if (!response.ok) throw new Error(`the fake provider refused the script: ${response.status} ${await response.text()}`);
}

export async function startScriptedFake(options: { scenarios: readonly EvalScenario[]; scriptName: string }): Promise<ScriptedFake> {
  const server = await startFakeProviderServer({
    decide: ({ history }) => {
      const last = history.findLast((item) => item.type === "user");
      throw new ScriptExhaustedError(`The scripted fake has no script for "${last?.type === "user" ? last.text : ""}".`);
    },
  });
  try {
    await loadFakeScript({ url: server.url, ...options });
  } catch (error) {
    await server.close();
    throw error;
  }
  return { server, environment: fakeEnvironment(server.url), close: () => server.close() };
}
