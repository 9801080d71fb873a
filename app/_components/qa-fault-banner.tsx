// The banner on every page while one of the signed-in user's QA storage faults is armed (QA mode only).
import Link from "next/link";
import { getStore } from "@/lib/scope/get-store";
import { getEnv } from "@/lib/env";
import { listFaults } from "@/lib/faults/manage-faults";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatPlural } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import type { SessionUser } from "@/lib/session";

export async function QaFaultBanner({ user, locale, dictionary }: { user: SessionUser | null; locale: Locale; dictionary: Dictionary }) {
  if (!user || !getEnv().qaEnabled) return null;
  const faults = await listFaults({ store: getStore(), userId: user.id });
  if (faults.length === 0) return null;
  const text = dictionary.qa;
  const described = faults
    .map((entry) => `${entry.mode} · ${entry.target} · ${entry.remaining === null ? text.untilCleared : formatPlural(text.remaining, entry.remaining, locale)}`)
    .join("; ");
  return (
    <div className="qa-banner" role="status" data-testid="qa-banner" data-count={faults.length}>
      <div className="qa-banner-inner">
        <span>{formatMessage(text.banner, { faults: described })}</span>
        <Link href="/qa" data-testid="qa-banner-link">
          {text.bannerLink}
        </Link>
      </div>
    </div>
  );
}
