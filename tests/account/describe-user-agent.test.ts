import { describe, expect, it } from "vitest";
import { describeUserAgent } from "@/lib/account/describe-user-agent";

describe("describeUserAgent", () => {
  it("names the browser families people recognize, Chrome-based ones by their own name", () => {
    const cases: [string, string | null, string | null][] = [
      ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome", "Linux"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge", "Windows"],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari",
        "iPhone",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox", "macOS"],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Samsung Internet",
        "Android",
      ],
      ["curl/8.5.0", "curl", null],
    ];
    for (const [agent, browser, system] of cases) expect(describeUserAgent(agent), agent).toEqual({ browser, system });
  });

  it("says nothing it does not know", () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
    expect(describeUserAgent("SomethingElse/1.0")).toEqual({ browser: null, system: null });
  });
});
