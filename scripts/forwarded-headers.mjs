// The X-Forwarded-* headers Next.js fills in on every request it routes (next/dist/server/base-server.js, before any
// handler runs) when the client or a proxy did not send them. A request the entry serves directly
// (lib/http/direct-routes.ts) gets the same ones, so its handler reads the same client address: without this, with
// PALESTRA_TRUST_PROXY on and a proxy that sends no X-Forwarded-For, a streamed turn's failed credentials were counted
// under "unknown" while every other route counted them under the TCP peer.

/** Fills the headers Next.js would, leaving any the request carries. `port` and `hostname`: the server's own. */
export function fillForwardedHeaders(request, { hostname, port }) {
  const headers = request.headers;
  const forwardedProto = headers["x-forwarded-proto"];
  const https = forwardedProto ? forwardedProto === "https" : Boolean(request.socket.encrypted);
  headers["x-forwarded-host"] ??= headers.host ?? hostname;
  headers["x-forwarded-port"] ??= port ? String(port) : https ? "443" : "80";
  headers["x-forwarded-proto"] ??= https ? "https" : "http";
  headers["x-forwarded-for"] ??= request.socket.remoteAddress;
}
