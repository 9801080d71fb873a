// `npm run fake-provider -- --port 4010`: serves the four wire APIs with the offline brain's decisions, for E2E runs
// and for pointing the app (OPENAI_BASE_URL=http://127.0.0.1:4010/v1, ...) at a model that needs no network.
import { parseArgs } from "node:util";
import { decideNextStep } from "../../lib/agent/providers/offline/decide-next-step";
import { startFakeProviderServer } from "./create-fake-provider-server";

const { values } = parseArgs({
  options: { port: { type: "string", default: "4010" }, host: { type: "string", default: "127.0.0.1" } },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, received '${values.port}'.`);
  process.exit(2);
}

const server = await startFakeProviderServer({ decide: decideNextStep, port, host: values.host });
console.log(`Fake provider listening on http://${values.host}:${server.port}`);
console.log(`  OpenAI Responses / Chat:  http://${values.host}:${server.port}/v1`);
console.log(`  Anthropic Messages:       http://${values.host}:${server.port}`);
console.log("  Control: GET|DELETE /_requests, POST|DELETE /_fail, POST|DELETE /_script, POST /_script/turns");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
