// The dispatcher tests' harness: a fresh store of the adapter given and a user per test, the real tools (or the real
// tools with spied handlers), and the calls the dispatch tests share (dispatch, seed a record, arm a storage fault).
import { afterEach, beforeEach, expect, vi } from "vitest";
import { dispatchToolCall, type DispatchContext } from "@/lib/agent/dispatch-tool-call";
import { toolsByName } from "@/lib/agent/tools/index";
import type { ToolDefinition } from "@/lib/agent/tools/tool-definition";
import { armFault } from "@/lib/faults/manage-faults";
import { createStorageFaults, noStorageFaults } from "@/lib/faults/storage-faults";
import { saveMeasurement } from "@/lib/measurements/save-measurement";
import type { ToolError } from "@/lib/outcome/tool-outcome";
import type { OpenedStore, StoreAdapter } from "@/tests/store/store-adapters";
import { createTestUser } from "./create-test-user";

type FaultInput = Parameters<typeof armFault>[0]["input"];

/** Registers the per-test store and user (call it once per adapter, in the file's describe.each) and returns the shared calls. */
export function setUpDispatchHarness(adapter: StoreAdapter) {
  let database: OpenedStore;
  let userId: string;

  beforeEach(async () => {
    database = await adapter.open();
    userId = await createTestUser(database.store);
  });
  afterEach(() => database.close());

  function contextFor(overrides: Partial<DispatchContext> = {}): DispatchContext {
    return { store: database.store, userId, traceId: "trc_test", locale: "en", today: "2026-11-30", faults: noStorageFaults, ...overrides };
  }

  async function dispatch(name: string, args: unknown, overrides: Partial<DispatchContext> = {}, registry: ReadonlyMap<string, ToolDefinition> = toolsByName) {
    return dispatchToolCall({
      name,
      argumentsText: typeof args === "string" ? args : JSON.stringify(args),
      context: contextFor(overrides),
      registry,
      timeoutMs: 1_000,
    });
  }

  async function seed(date: string, values: Record<string, number>, note?: string) {
    const result = await saveMeasurement({
      store: database.store,
      userId,
      idempotencyKey: `seed-${date}`,
      input: { date, values, note },
      traceId: "trc_seed",
      locale: "en",
    });
    expect(result.status).toBe("executed");
  }

  return {
    get database() {
      return database;
    },
    contextFor,
    dispatch,
    seed,
    /** Arms a QA storage fault on the test user's account, as the QA page does. */
    armFault: (input: FaultInput) => armFault({ store: database.store, userId, input }),
    /** The storage faults the test user has armed, as a request in QA mode sees them. */
    armedFaults: () => createStorageFaults({ store: database.store, userId, enabled: true }),
  };
}

/** The real tools, with spies on their handlers. */
export function spiedRegistry() {
  const spies = new Map<string, ReturnType<typeof vi.fn>>();
  const registry = new Map<string, ToolDefinition>();
  for (const [name, tool] of toolsByName) {
    const spy = vi.fn(tool.run);
    spies.set(name, spy);
    registry.set(name, { ...tool, run: spy });
  }
  return { registry, spies };
}

export function errorOf(result: Awaited<ReturnType<typeof dispatchToolCall>>): ToolError {
  expect(result.outcome.isError).toBe(true);
  return result.outcome.content as ToolError;
}
