// nginx (Debian's package) round robin in front of the app instances, from a configuration written to a temporary
// directory; the same configuration the README shows, plus an access log of which instance answered each request.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "@/scripts/bench/start-app-server";

export type Nginx = { url: string; directory: string; upstreamsAnswered: () => string[]; stop: () => Promise<void> };

/** The server block people put in front of several instances (README "Running on PostgreSQL"). */
export function nginxServerConfig(options: { listen: string; upstreams: string[] }): string {
  return [
    "upstream palestra {",
    ...options.upstreams.map((address) => `  server ${address};`),
    "}",
    "server {",
    `  listen ${options.listen};`,
    "  # PALESTRA_MAX_BODY_BYTES is the app's own cap; nginx's must not be lower.",
    "  client_max_body_size 1m;",
    "  location / {",
    "    proxy_pass http://palestra;",
    "    proxy_http_version 1.1;",
    '    proxy_set_header Connection "";',
    "    proxy_set_header Host $http_host;",
    "    # The instances run with PALESTRA_TRUST_PROXY=1: the client address (sign-in limits) comes from this header.",
    "    proxy_set_header X-Forwarded-For $remote_addr;",
    "    proxy_set_header X-Forwarded-Proto $scheme;",
    "    # Chat answers stream (server-sent events): pass each event on at once.",
    "    proxy_buffering off;",
    "    proxy_read_timeout 120s;",
    "  }",
    "}",
  ].join("\n");
}

export async function startNginx(options: { upstreams: string[]; port?: number }): Promise<Nginx> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-nginx-"));
  const port = options.port ?? (await findFreePort());
  const log = path.join(directory, "upstreams.log");
  const config = `worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log;
events { worker_connections 512; }
http {
  client_body_temp_path ${directory}/client-body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  log_format upstream '$upstream_addr';
  access_log ${log} upstream;
  ${nginxServerConfig({ listen: `127.0.0.1:${port}`, upstreams: options.upstreams })}
}
`;
  fs.writeFileSync(path.join(directory, "nginx.conf"), config);
  const child = spawn("nginx", ["-p", directory, "-c", path.join(directory, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    directory,
    upstreamsAnswered: () =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => line !== "")
        : [],
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
