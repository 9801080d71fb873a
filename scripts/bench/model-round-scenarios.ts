// Every scripted scenario of the E2E suite, with the fewest model requests and tool calls it can take and why.
import type { FaultMode, FaultTarget } from "@/lib/faults/fault-modes";

export type ScenarioMinimum = { modelRequests: number; toolCalls: number; reason: string };

/** `expectedCodes`: each tool call's error code in order ("ok" for a success), to prove the scenario did what it names. */
export type ScenarioTurn = { message: string; minimum: ScenarioMinimum; expectedOutcome: string; expectedCodes: string[] };

export type ModelRoundScenario = {
  name: string;
  /** Records stored before the first turn. */
  seed: { date: string; weightKg: number }[];
  faults: { target: FaultTarget; mode: FaultMode; count?: number }[];
  /** Turns of one conversation, in order. */
  turns: ScenarioTurn[];
};

const readFirstOfJanuary = "What did I weigh on 1 January 2020?";
const saveFourthOfJanuary = "Save weight 77.4 kg for 2020-01-04";
const seeded = [{ date: "2020-01-01", weightKg: 76 }];

const oneReadThenAnswer = (reason: string): ScenarioMinimum => ({ modelRequests: 2, toolCalls: 1, reason });
const oneSaveThenStop: ScenarioMinimum = {
  modelRequests: 1,
  toolCalls: 1,
  reason: "the save's outcome is stop_turn: the harness ends the turn with its own message and makes no further model request",
};

export const modelRoundScenarios: ModelRoundScenario[] = [
  {
    name: "case study (read, fallback read, answer)",
    seed: seeded,
    faults: [],
    turns: [
      {
        message: "What did I weigh on 2 January 2020? If there is nothing, try the 1st.",
        expectedOutcome: "answered",
        expectedCodes: ["not_found", "ok"],
        minimum: {
          modelRequests: 3,
          toolCalls: 2,
          reason: "the fallback read is asked only after the first read's not_found, so it needs its own round; then one request to answer",
        },
      },
    ],
  },
  {
    name: "fault transient (read, once)",
    seed: seeded,
    faults: [{ target: "read", mode: "transient", count: 1 }],
    turns: [
      {
        message: readFirstOfJanuary,
        expectedOutcome: "answered",
        expectedCodes: ["ok"],
        minimum: oneReadThenAnswer("the read retries inside the tool; the model sees one success and answers"),
      },
    ],
  },
  {
    name: "fault unavailable (read)",
    seed: seeded,
    faults: [{ target: "read", mode: "unavailable" }],
    turns: [
      {
        message: readFirstOfJanuary,
        expectedOutcome: "answered",
        expectedCodes: ["unavailable"],
        minimum: oneReadThenAnswer(
          "unavailable comes after the tool's own bounded retries; asking again in the same turn cannot help, so the model says the value is unknown",
        ),
      },
    ],
  },
  {
    name: "fault fail_before_commit (write)",
    seed: [],
    faults: [{ target: "write", mode: "fail_before_commit" }],
    turns: [{ message: saveFourthOfJanuary, expectedOutcome: "stopped_write_failed", expectedCodes: ["write_failed"], minimum: oneSaveThenStop }],
  },
  {
    name: "fault lost_ack (write)",
    seed: [],
    faults: [{ target: "write", mode: "lost_ack" }],
    turns: [{ message: saveFourthOfJanuary, expectedOutcome: "stopped_outcome_unknown", expectedCodes: ["outcome_unknown"], minimum: oneSaveThenStop }],
  },
  {
    name: "fault timeout (write)",
    seed: [],
    faults: [{ target: "write", mode: "timeout" }],
    turns: [{ message: saveFourthOfJanuary, expectedOutcome: "stopped_outcome_unknown", expectedCodes: ["outcome_unknown"], minimum: oneSaveThenStop }],
  },
  {
    name: "fault slow (read)",
    seed: seeded,
    faults: [{ target: "read", mode: "slow" }],
    turns: [
      {
        message: readFirstOfJanuary,
        expectedOutcome: "answered",
        expectedCodes: ["ok"],
        minimum: oneReadThenAnswer("slow storage still answers within the budget: one read, then the answer"),
      },
    ],
  },
  {
    name: "fault slow (write)",
    seed: [],
    faults: [{ target: "write", mode: "slow" }],
    turns: [
      {
        message: saveFourthOfJanuary,
        expectedOutcome: "answered",
        expectedCodes: ["ok"],
        minimum: oneReadThenAnswer("slow storage still commits within the deadline: one save, then the answer"),
      },
    ],
  },
  {
    name: "bad arguments (deliberate mistakes)",
    seed: [],
    faults: [],
    turns: [
      {
        message: "Save weight=77.4kg on the 4th of March 2020",
        expectedOutcome: "answered",
        expectedCodes: ["bad_arguments", "ok"],
        minimum: {
          modelRequests: 3,
          toolCalls: 2,
          reason:
            "the offline brain's first call carries both deliberate mistakes; one bad_arguments reports every problem, so one corrected call follows, then the answer",
        },
      },
    ],
  },
  {
    name: "conflict, then replace",
    seed: [{ date: "2020-01-04", weightKg: 76 }],
    faults: [],
    turns: [
      {
        message: saveFourthOfJanuary,
        expectedOutcome: "answered",
        expectedCodes: ["conflict"],
        minimum: {
          modelRequests: 2,
          toolCalls: 1,
          reason: "the conflict goes back to the model, which must ask the user before replacing: one save, then the question",
        },
      },
      {
        message: "Yes, replace it",
        expectedOutcome: "answered",
        expectedCodes: ["ok"],
        minimum: { modelRequests: 2, toolCalls: 1, reason: "after the user's yes, one save with replace: true, then the answer" },
      },
    ],
  },
];
