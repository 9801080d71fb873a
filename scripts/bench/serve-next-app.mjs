// Serves a production build of a Next.js app the way `npm start` serves Palestra (scripts/serve.mjs): Node's own HTTP
// server in front of `next({ dev: false })`'s request handler. The bench serves its first-visit baseline app with it.
// node [npm start's flags] scripts/bench/serve-next-app.mjs --dir <app folder> --port <port>
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { dir: { type: "string" }, port: { type: "string" } }, strict: true });
if (!values.dir || !values.port) {
  console.error("usage: serve-next-app.mjs --dir <app folder> --port <port>");
  process.exit(2);
}
const port = Number(values.port);
const hostname = "127.0.0.1";
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const app = next({ dev: false, dir: path.resolve(values.dir), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
const server = http.createServer((request, response) => void handle(request, response));
server.listen(port, hostname, () => console.log(`serving http://${hostname}:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(0));
