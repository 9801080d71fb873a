import { chromium } from "@playwright/test";
import fs from "node:fs";
const [, , out, width, ...files] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: Number(width) * files.length + 20 * files.length, height: 800 } });
const html = `<body style="margin:0;display:flex;gap:20px;align-items:flex-start;background:#999">${files.map((f) => `<figure style="margin:0;width:${width}px"><figcaption style="font:12px sans-serif">${f.split("/").pop()}</figcaption><img style="width:${width}px" src="data:image/png;base64,${fs.readFileSync(f).toString("base64")}"></figure>`).join("")}</body>`;
await page.setContent(html);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
