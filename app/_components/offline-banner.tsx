// The plain line every page shows while the browser is offline (offline-script.ts un-hides it), saying what still works.
import { headers } from "next/headers";
import { offlineScript, OFFLINE_BANNER_ID } from "./offline-script";

export async function OfflineBanner({ text, accountId }: { text: string; accountId: string }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {/* The script sets `hidden` before React hydrates; React must leave it as the script set it. */}
      <p id={OFFLINE_BANNER_ID} className="offline-banner" aria-live="polite" hidden suppressHydrationWarning data-testid="offline-banner">
        {text}
      </p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: offlineScript({ accountId, register: process.env.NODE_ENV === "production" }) }} />
    </>
  );
}
