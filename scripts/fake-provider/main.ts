// `npm run fake-provider -- --port 4010`: serves the four wire APIs with the offline brain's decisions, for E2E runs
// and for pointing the app (OPENAI_BASE_URL=http://127.0.0.1:4010/v1, ...) at a model that needs no network.
// `--first-byte-ms 1500 --stream-ms 1000` answers every model request at a real model's pace (see pace-response.ts).
import { parseArgs } from "node:util";
import { decideNextStep } from "../../lib/agent/providers/offline/decide-next-step";
import { startFakeProviderServer } from "./create-fake-provider-server";
import { pacingSchema } from "./pace-response";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    host: { type: "string", default: "127.0.0.1" },
    "first-byte-ms": { type: "string", default: "0" },
    "stream-ms": { type: "string", default: "0" },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, received '${values.port}'.`);
  process.exit(2);
}

const pacing = pacingSchema.safeParse({ firstByteMs: Number(values["first-byte-ms"]), streamMs: Number(values["stream-ms"]) });
if (!pacing.success) {
  console.error(
    `--first-byte-ms and --stream-ms must be whole milliseconds from 0 to 600000, received '${values["first-byte-ms"]}' and '${values["stream-ms"]}'.`,
  );
  process.exit(2);
}

// Bench only (npm run bench): the fake's own event-loop delay, written to this file on SIGUSR2, as the servers' probe does.
if (process.env.PALESTRA_BENCH_EVENT_LOOP_FILE) {
  // @ts-expect-error -- a plain .mjs module of the bench (scripts/serve.mjs starts the same probe); it has no types.
  const { startEventLoopProbe } = (await import("../bench/event-loop-probe.mjs")) as { startEventLoopProbe: (file: string) => void };
  startEventLoopProbe(process.env.PALESTRA_BENCH_EVENT_LOOP_FILE);
}
const server = await startFakeProviderServer({ decide: decideNextStep, port, host: values.host, pacing: pacing.data });
console.log(`Fake provider listening on http://${values.host}:${server.port}`);
console.log(`  OpenAI Responses / Chat:  http://${values.host}:${server.port}/v1`);
console.log(`  Anthropic Messages:       http://${values.host}:${server.port}`);
if (pacing.data.firstByteMs > 0 || pacing.data.streamMs > 0)
  console.log(`  Pacing: first byte after ${pacing.data.firstByteMs} ms, streamed over ${pacing.data.streamMs} ms`);
console.log("  Control: GET|DELETE /_requests, POST|DELETE /_fail, POST|DELETE /_script, POST /_script/turns, GET|POST|DELETE /_pacing");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
