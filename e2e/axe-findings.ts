// axe's violations on the page as it stands, every impact (critical, serious, moderate and minor), shortened for a
// readable failure: the rule, its impact and the first five elements it names.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export type Finding = { page: string; rule: string; impact: string; targets: string[] };

export async function axeFindings(page: Page, name: string): Promise<Finding[]> {
  // label-content-name-mismatch is experimental in axe, so it is switched on by name.
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return results.violations.map((violation) => ({
    page: name,
    rule: violation.id,
    impact: violation.impact ?? "",
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

/** axe in the light and the dark theme (as the system asks), on the page as it is now. */
export async function axeFindingsInBothThemes(page: Page, name: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    findings.push(...(await axeFindings(page, `${name} (${colorScheme})`)));
  }
  return findings;
}
