// Names the browser and system of a session's User-Agent, so a person can tell their signed-in devices apart; no
// fingerprinting, only the few families people recognize. Pure, so it is unit-tested.

export type DeviceDescription = { browser: string | null; system: string | null };

/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^Wget\//, "Wget"],
  [/^python-requests\//, "Python requests"],
  [/^node(?:-fetch)?\b|^undici\b/, "Node.js"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bWindows\b/, "Windows"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent ?? "";
  return { browser: firstMatch(browsers, text), system: firstMatch(systems, text) };
}
