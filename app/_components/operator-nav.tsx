// The operator area's own navigation, on each of its pages: overview, traces, and metrics and QA where the person may
// use them. Nothing at all for a person the area is not offered to (their /traces is still theirs).
import { getEnv } from "@/lib/env";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { canOperate, isSessionAdmin } from "@/lib/session";
import { NavLink } from "./nav-link";

export async function OperatorNav({ dictionary }: { dictionary: Dictionary }) {
  if (!(await canOperate())) return null;
  const text = dictionary.operator;
  const links = [
    { href: "/operator", label: text.overview, testId: "operator-nav-overview" },
    { href: "/traces", label: dictionary.header.traces, testId: "nav-traces" },
    ...((await isSessionAdmin()) ? [{ href: "/metrics", label: dictionary.header.metrics, testId: "nav-metrics" }] : []),
    ...(getEnv().qaEnabled ? [{ href: "/qa", label: dictionary.header.qa, testId: "nav-qa" }] : []),
  ];
  return (
    <nav aria-label={text.navigationLabel} className="operator-nav" data-testid="operator-nav">
      {links.map((link) => (
        <NavLink key={link.href} {...link} />
      ))}
    </nav>
  );
}
