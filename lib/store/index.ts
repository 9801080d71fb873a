// The persistence port's public surface.
export type * from "./account-store";
export type * from "./goal-store";
export type * from "./inspection-store";
export type * from "./mcp-tool-call-store";
export type * from "./measurement-store";
export type * from "./records";
export type * from "./store";
export type * from "./turn-store";
export { faultModes, faultTargets, measurementColumns, toolCallSkipReasons, toolCallStatuses, turnOutcomes, writeResolutions } from "./records";
export { inspectedTables } from "./inspection-store";
