// How long `npm start`'s server keeps an idle keep-alive connection. Node.js closes one after 5 s, and a client that
// reuses the connection just as it closes gets ECONNRESET on a request the server never saw (clients that are not
// browsers do not retry it). Reverse proxies keep idle upstream connections for 60 s (nginx's keepalive_timeout,
// cloud load balancers), so the server outlasts them and the proxy, not the server, is the side that closes.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies the idle timeout; the header timeout must outlast it, or a reused connection's next request is cut. */
export function applyConnectionTimeouts(server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
