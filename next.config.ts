import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Health data: nothing but hashed static assets may be stored by browsers or proxies. Dynamic pages also get
  // Next's own no-store; this covers route handlers and API routes that forget to say it.
  async headers() {
    return [{ source: "/((?!_next/static|_next/image|favicon.ico).*)", headers: [{ key: "Cache-Control", value: "no-store" }] }];
  },
};

export default nextConfig;
