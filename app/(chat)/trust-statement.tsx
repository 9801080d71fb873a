// What the Coach is, in plain words: the built-in coach (rules, no AI model) or an AI with its provider and model; no
// medical advice.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { isBuiltInCoach } from "@/lib/i18n/coach-name";
import { formatMessage } from "@/lib/i18n/format-message";

export function TrustStatement({ provider, model, text }: { provider: string; model: string; text: Dictionary["chat"]["trust"] }) {
  const builtIn = isBuiltInCoach(provider);
  const [before, after] = text.ai.split("{provider}");
  return (
    <aside className="trust-statement" aria-label={text.label} data-testid="trust-statement" data-provider={provider} data-model={model}>
      <p>
        {builtIn ? (
          <span data-testid="trust-built-in">{text.builtIn}</span>
        ) : (
          <>
            {before}
            <strong data-testid="trust-provider">{provider}</strong>
            {formatMessage(after ?? "", { model })}
          </>
        )}{" "}
        <span data-testid="trust-medical">{text.medical}</span>
      </p>
    </aside>
  );
}
