// Pins the test process's own zone (the server's "today" when no zone is given) for a file, and restores it after.
import { afterAll, beforeAll } from "vitest";

export function pinServerTimeZone(zone: string): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}
