import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startThrowawayCluster } from "@/scripts/postgres/throwaway-cluster";

describe("startThrowawayCluster", () => {
  it("serves a database at the returned URL and removes its directory when stopped", async () => {
    const cluster = await startThrowawayCluster({ durable: false });
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ name: string; owner: string }>("SELECT current_database() AS name, current_user AS owner");
      await client.end();
      expect(rows[0]).toEqual({ name: "palestra", owner: "palestra" });
      expect(fs.existsSync(cluster.directory)).toBe(true);
    } finally {
      cluster.stop();
    }
    expect(fs.existsSync(cluster.directory)).toBe(false);
    const refused = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 2_000 });
    await expect(refused.connect()).rejects.toThrow();
  });

  it("is stopped and removed by its watchdog when the process that started it is killed with SIGKILL", async () => {
    const script = `import { startThrowawayCluster } from "./scripts/postgres/throwaway-cluster.ts";
      const cluster = await startThrowawayCluster({ durable: false });
      console.log(JSON.stringify({ directory: cluster.directory, url: cluster.url }));
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const firstLine = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once("line", resolve));
    const { directory, url } = JSON.parse(firstLine) as { directory: string; url: string };
    expect(fs.existsSync(directory)).toBe(true);
    child.kill("SIGKILL");
    const deadline = Date.now() + 20_000;
    while (fs.existsSync(directory) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.existsSync(directory)).toBe(false);
    const refused = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    await expect(refused.connect()).rejects.toThrow();
  });
});
