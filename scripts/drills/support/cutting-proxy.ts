// A TCP proxy between the app and PostgreSQL that reads the wire protocol's messages and, once armed, cuts the
// connection at a chosen statement: before it reaches the server, after the server received it but before its
// answer reaches the app, or right after the answer. The drills use it to cut a save before, during and after COMMIT.
import net from "node:net";

/**
 * swallow: the statement never reaches the server, and the connection is cut.
 * drop_answer: the server receives and runs it; its answer is dropped and the connection cut.
 * cut_after_answer: the answer reaches the app, then the connection is cut.
 * hold: the statement never reaches the server, and the connection stays open without an answer.
 */
export type CutAction = "swallow" | "drop_answer" | "cut_after_answer" | "hold";
/** `after`: the rule applies on a connection only once that connection has sent a statement it matches. */
export type CutRule = { match: (statement: string) => boolean; action: CutAction; after?: (statement: string) => boolean };

export type CuttingProxy = {
  port: number;
  /** Arms a one-shot rule: the first statement it matches, on any connection, is cut. */
  arm: (rule: CutRule) => void;
  /** Resolves once an armed rule has fired. */
  fired: () => Promise<void>;
  /** How many statements of each kind went through (for figures). */
  connections: () => number;
  /** Cuts every open connection at once (an idle pooled one included) and keeps accepting new ones. */
  cutOpenConnections: () => void;
  close: () => Promise<void>;
};

/** Splits a byte stream into protocol messages; the client's first message (startup) has no type byte. */
function createMessageReader(options: { untypedFirst: boolean; onMessage: (type: string, body: Buffer, raw: Buffer) => void }) {
  let buffer = Buffer.alloc(0);
  let untyped = options.untypedFirst;
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (untyped) {
        if (buffer.length < 4) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const raw = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        // An SSLRequest or GSSENCRequest is followed by another untyped startup message.
        const code = raw.length >= 8 ? raw.readInt32BE(4) : 0;
        untyped = code === 80877103 || code === 80877104;
        options.onMessage("", raw.subarray(4), raw);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const raw = buffer.subarray(0, length + 1);
      buffer = buffer.subarray(length + 1);
      options.onMessage(String.fromCharCode(raw[0] ?? 0), raw.subarray(5), raw);
    }
  };
}

/**
 * The SQL text of a simple query ('Q'), of a prepared statement's Parse ('P'), or of a Bind ('B') that runs a statement
 * the connection parsed earlier: a named prepared statement is parsed once per connection and then only bound, so
 * `parsed` (this connection's statements by name) gives its text back.
 */
function statementOf(type: string, body: Buffer, parsed: Map<string, string>): string | undefined {
  if (type === "Q") return body.subarray(0, body.indexOf(0)).toString("utf8");
  if (type === "P") {
    const nameEnd = body.indexOf(0);
    const text = body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString("utf8");
    const name = body.subarray(0, nameEnd).toString("utf8");
    // The unnamed statement is parsed again before every use: its Parse is the statement, its Bind is not another.
    if (name !== "") parsed.set(name, text);
    return text;
  }
  if (type === "B") {
    const portalEnd = body.indexOf(0);
    const name = body.subarray(portalEnd + 1, body.indexOf(0, portalEnd + 1)).toString("utf8");
    return name === "" ? undefined : parsed.get(name);
  }
  return undefined;
}

export async function startCuttingProxy(options: { targetPort: number; targetHost?: string }): Promise<CuttingProxy> {
  let armed: CutRule | undefined;
  let onFired: (() => void) | undefined;
  let firedPromise = new Promise<void>((resolve) => (onFired = resolve));
  const sockets = new Set<net.Socket>();
  let connectionCount = 0;

  const server = net.createServer((client) => {
    connectionCount += 1;
    const upstream = net.connect(options.targetPort, options.targetHost ?? "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    let answerMode: "forward" | "drop_then_cut" | "cut_after_ready" = "forward";
    let swallowing = false;
    let primedFor: CutRule | undefined;
    const parsed = new Map<string, string>();
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    const fire = () => {
      onFired?.();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", cut);
      socket.on("close", () => {
        sockets.delete(socket);
        cut();
      });
    }
    client.on(
      "data",
      createMessageReader({
        untypedFirst: true,
        onMessage: (type, body, raw) => {
          if (swallowing) return;
          const statement = statementOf(type, body, parsed);
          const rule = armed;
          if (statement !== undefined && rule?.after?.(statement)) primedFor = rule;
          if (statement !== undefined && rule && (!rule.after || primedFor === rule) && rule.match(statement)) {
            armed = undefined;
            if (rule.action === "swallow" || rule.action === "hold") {
              swallowing = true;
              fire();
              if (rule.action === "swallow") cut();
              return;
            }
            answerMode = rule.action === "drop_answer" ? "drop_then_cut" : "cut_after_ready";
          }
          upstream.write(raw);
        },
      }),
    );
    upstream.on(
      "data",
      createMessageReader({
        untypedFirst: false,
        onMessage: (type, _body, raw) => {
          if (answerMode === "drop_then_cut") {
            // The server has answered: the statement ran. The app never sees the answer.
            if (type === "Z") {
              fire();
              cut();
            }
            return;
          }
          if (answerMode === "cut_after_ready" && type === "Z") {
            client.write(raw, () => {
              fire();
              cut();
            });
            return;
          }
          client.write(raw);
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    arm: (rule) => {
      armed = rule;
      firedPromise = new Promise<void>((resolve) => (onFired = resolve));
    },
    fired: () => firedPromise,
    connections: () => connectionCount,
    cutOpenConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
