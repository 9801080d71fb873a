import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Health data: nothing but hashed static assets may be stored by browsers or proxies. Dynamic pages also get
  // Next's own no-store; this covers route handlers and API routes that forget to say it.
  async headers() {
    return [
      { source: "/((?!_next/static|_next/image|favicon.ico).*)", headers: [{ key: "Cache-Control", value: "no-store" }] },
      // A streamed chat turn also says no-transform (the later rule wins), which keeps Next's gzip off it: with hundreds
      // of turns open, deflating and flushing every small event took 7 % of the server's CPU. A route handler cannot say
      // it itself: Next keeps a header these rules set over the handler's own.
      {
        source: "/api/v1/chat",
        has: [{ type: "header", key: "accept", value: ".*text/event-stream.*" }],
        headers: [{ key: "Cache-Control", value: "no-store, no-transform" }],
      },
    ];
  },
};

export default nextConfig;
