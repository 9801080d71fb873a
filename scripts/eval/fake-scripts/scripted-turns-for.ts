// The body for the fake provider's POST /_script/turns: the well-behaved script for every scenario, with one
// misbehaviour in place of its scenario's script when one is named.
import type { EvalScenario } from "../eval-scenario";
import { misbehaviours } from "./misbehaving-scripts";
import type { ScenarioScript } from "./script-steps";
import { wellBehavedScript } from "./well-behaved-script";

export const WELL_BEHAVED = "well-behaved";
export const fakeScriptNames = [WELL_BEHAVED, ...Object.keys(misbehaviours)];

export function scriptedTurnsFor(options: { scenarios: readonly EvalScenario[]; scriptName: string }): {
  turns: { userMessage: string; responses: ScenarioScript[number] }[];
} {
  const misbehaviour = misbehaviours[options.scriptName];
  if (options.scriptName !== WELL_BEHAVED && !misbehaviour) throw new Error(`unknown fake script '${options.scriptName}'`);
  const turns = options.scenarios.flatMap((scenario) => {
    const script = misbehaviour?.scenario === scenario.id ? misbehaviour.script : wellBehavedScript[scenario.id];
    if (!script) throw new Error(`the fake script has no turns for scenario '${scenario.id}'`);
    return scenario.turns.map((turn, index) => ({ userMessage: turn.message, responses: script[index] ?? [] }));
  });
  return { turns: turns.filter((turn) => turn.responses.length > 0) };
}
