import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nginxServerConfig } from "@/scripts/drills/scale-out/start-nginx";

describe("the README's nginx configuration", () => {
  it("is the server block the scale-out drill runs", () => {
    const readme = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    expect(readme).toContain(nginxServerConfig({ listen: "80", upstreams: ["127.0.0.1:3001", "127.0.0.1:3002", "127.0.0.1:3003"] }));
  });
});
