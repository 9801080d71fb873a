// The plain line every page shows while the browser is offline (offline-script.ts un-hides it), saying what still works.
import { headers } from "next/headers";
import { offlineScript, OFFLINE_BANNER_ID } from "./offline-script";

export async function OfflineBanner({ text, accountId }: { text: string; accountId: string }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {/* The script sets `hidden` (React must leave it as the script set it). A module script runs once the document is
          parsed instead of stopping the parser here: inline and classic, it held back the paint of the page below it (on
          a phone at 4x slowdown the chat's first paragraph came 100-200 ms after the header). */}
      <p id={OFFLINE_BANNER_ID} className="offline-banner" aria-live="polite" hidden suppressHydrationWarning data-testid="offline-banner">
        {text}
      </p>
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: offlineScript({ accountId, register: process.env.NODE_ENV === "production" }) }} />
    </>
  );
}
