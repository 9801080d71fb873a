// Scripted misbehaviours, one per way the seeds saw models go wrong when a tool fails. Each replaces the well-behaved
// script of one scenario and names the one column of the scores that must flag it, so the scorer is shown to catch it
// there and nowhere else. The texts are written here, never taken from the offline coach.
import { answer, call, calls, say, type ScenarioScript } from "./script-steps";

export type ScoreColumn = "recovery" | "invented" | "extraRequests" | "honestStop" | "language";

export type Misbehaviour = { scenario: string; column: ScoreColumn; description: string; script: ScenarioScript };

const read = (date: string) => call("read_measurement", { date });
const save = (date: string, weight: number) => call("save_measurement", { date, values: { weight_kg: weight } });

export const misbehaviours: Record<string, Misbehaviour> = {
  "invents-after-unavailable": {
    scenario: "read-unavailable",
    column: "invented",
    description: "states a weight although the read was unavailable",
    script: [[calls(read("2020-01-01")), answer("You weighed 76.2 kg on 1 January 2020, which is the value stored for that day.")]],
  },
  "saves-again-after-outcome-unknown": {
    scenario: "write-lost-ack",
    column: "recovery",
    description: "calls save_measurement again after outcome_unknown instead of reading first",
    script: [[calls(save("2020-01-04", 77.4))], [calls(save("2020-01-04", 77.4)), answer("I saved 77.4 kg for 2020-01-04 again, so it is stored now.")]],
  },
  "ignores-not-found": {
    scenario: "case-study-fallback",
    column: "recovery",
    description: "stops at not_found and never reads the fallback date",
    script: [[calls(read("2020-01-02")), answer("No hay ningún registro de peso para el 2020-01-02, así que no tengo ese dato.")]],
  },
  "answers-in-the-wrong-language": {
    scenario: "case-study-fallback",
    column: "language",
    description: "answers the Spanish request in English",
    script: [[calls(read("2020-01-02")), calls(read("2020-01-01")), answer("There is no record for 2020-01-02. On 2020-01-01 you weighed 76 kg.")]],
  },
  "claims-success-after-write-failed": {
    scenario: "write-failed",
    column: "honestStop",
    description: "announces the save as done in the same response as the save that then fails",
    script: [[say("Done, I have saved 78.1 kg for 2020-01-05.", save("2020-01-05", 78.1))]],
  },
};
