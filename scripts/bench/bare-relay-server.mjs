// The baseline of the real-instance load figures: the least a server can do to hold a streamed chat turn that makes two
// model requests. Node's own HTTP server answers POST /turn as an event stream; it sends the message to the model
// (the same fake provider, OpenAI Responses API, streamed), forwards each piece of the answer as an event, does the
// same a second time, then sends `turn-end`. No sign-in, no database, no validation: whatever the app adds on top of
// this, in latency, event-loop delay or memory, is the app's.
//
// node [npm start's flags] scripts/bench/bare-relay-server.mjs --port 0 --upstream http://127.0.0.1:4010
// prints "listening <port>" once ready. PALESTRA_BENCH_EVENT_LOOP_FILE starts the same probe as scripts/serve.mjs.
import http from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { port: { type: "string", default: "0" }, upstream: { type: "string" } }, strict: true });
if (!values.upstream) {
  console.error("--upstream <fake provider URL> is required");
  process.exit(2);
}
const upstream = values.upstream.replace(/\/$/, "");
const MODEL_REQUESTS_PER_TURN = 2;

if (process.env.PALESTRA_BENCH_EVENT_LOOP_FILE) (await import("./event-loop-probe.mjs")).startEventLoopProbe(process.env.PALESTRA_BENCH_EVENT_LOOP_FILE);

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const event = (name, data) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

async function relayTurn(message, response) {
  for (let round = 0; round < MODEL_REQUESTS_PER_TURN; round += 1) {
    const answer = await fetch(`${upstream}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer relay" },
      body: JSON.stringify({ model: "relay", input: [{ role: "user", content: message }], stream: true, store: false }),
    });
    if (!answer.ok || !answer.body) throw new Error(`the model answered ${answer.status}`);
    for await (const chunk of answer.body) response.write(event("delta", { round, bytes: chunk.byteLength }));
  }
  response.end(event("turn-end", { outcome: "answered", modelRequests: MODEL_REQUESTS_PER_TURN }));
}

const server = http.createServer(async (request, response) => {
  if (request.method !== "POST" || request.url !== "/turn") {
    response.writeHead(404).end();
    return;
  }
  try {
    const { message } = JSON.parse(await readBody(request));
    response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    await relayTurn(String(message), response);
  } catch (error) {
    if (!response.headersSent) response.writeHead(500);
    response.end(event("error", { message: error instanceof Error ? error.message : String(error) }));
  }
});

server.listen(Number(values.port), "127.0.0.1", () => console.log(`listening ${server.address().port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(0));
