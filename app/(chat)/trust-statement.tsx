// What the Coach is, in plain words: an AI (rule-based when offline), which provider and model answer, no medical advice.
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";

export function TrustStatement({ provider, model, text }: { provider: string; model: string; text: Dictionary["chat"]["trust"] }) {
  const [before, after] = text.ai.split("{provider}");
  return (
    <aside className="trust-statement" aria-label={text.label} data-testid="trust-statement" data-provider={provider} data-model={model}>
      <p>
        {before}
        <strong data-testid="trust-provider">{provider}</strong>
        {formatMessage(after ?? "", { model })}
        {provider === "offline" ? (
          <>
            {" "}
            <span data-testid="trust-offline">{text.offline}</span>
          </>
        ) : null}{" "}
        <span data-testid="trust-medical">{text.medical}</span>
      </p>
    </aside>
  );
}
