// What the Coach is, in plain words: the built-in coach (rules, no AI model) or an AI with its provider and model; no
// medical advice.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { isBuiltInCoach } from "@/lib/i18n/coach-name";
import { formatMessage } from "@/lib/i18n/format-message";

const providerMark = "\u0000";

export function TrustStatement({ provider, model, text }: { provider: string; model: string; text: Dictionary["chat"]["trust"] }) {
  const builtIn = isBuiltInCoach(provider);
  // The provider's name is set in bold: the sentence is filled with a marker in its place, then cut there.
  const [before, after] = formatMessage(text.ai, { provider: providerMark, model }).split(providerMark);
  return (
    <aside className="trust-statement" aria-label={text.label} data-testid="trust-statement" data-provider={provider} data-model={model}>
      <p>
        {builtIn ? (
          <span data-testid="trust-built-in">{text.builtIn}</span>
        ) : (
          <>
            {before}
            <strong data-testid="trust-provider">{provider}</strong>
            {after}
          </>
        )}{" "}
        <span data-testid="trust-medical">{text.medical}</span>
      </p>
    </aside>
  );
}
