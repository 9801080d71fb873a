"use client";
// API keys on /account: create one (name and access), see it once with a copy button, and the list with revoke.
import { useActionState, useEffect, useRef, useState } from "react";
import { useTimeZone } from "@/app/_components/use-time-zone";
import { apiKeyScopes, API_KEY_NAME_MAX_LENGTH } from "@/lib/account/api-key-scope";
import type { ApiKeySummary } from "@/lib/account/manage-api-keys";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatInstant } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import { createApiKeyAction, revokeApiKeyAction, type CreateKeyState, type RevokeKeyState } from "./api-key-actions";
import type { AccountFormText } from "./account-text";

const idleCreate: CreateKeyState = { status: "idle" };
const idleRevoke: RevokeKeyState = { status: "idle" };

function NewKey({ name, secret, text }: { name: string; secret: string; text: AccountFormText }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copyKey = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  return (
    <div className="alert alert-success form-stack" data-testid="api-key-created">
      <p>
        <strong>{formatMessage(text.keyCreated, { name })}</strong> {text.keyShownOnce}
      </p>
      <code className="api-key-secret" data-testid="api-key-secret">
        {secret}
      </code>
      <div className="form-actions">
        <button type="button" className="button button-small" onClick={copyKey} data-testid="api-key-copy">
          {text.keyCopy}
        </button>
        <span role="status" data-testid="api-key-copy-status">
          {copy === "copied" ? text.keyCopied : copy === "failed" ? text.keyCopyFailed : null}
        </span>
      </div>
    </div>
  );
}

export function ApiKeysSection({ keys, locale, text }: { keys: ApiKeySummary[]; locale: Locale; text: AccountFormText }) {
  // Revoking asks first: the key's own row turns into the question, with Keep beside it.
  const [confirmingKey, setConfirmingKey] = useState<string | null>(null);
  const confirmRevokeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmingKey) confirmRevokeRef.current?.focus();
  }, [confirmingKey]);
  const [created, createAction, creating] = useActionState(createApiKeyAction, idleCreate);
  const [revoked, revokeAction, revoking] = useActionState(revokeApiKeyAction, idleRevoke);
  const timeZone = useTimeZone();
  return (
    <div className="form-stack">
      <form action={createAction} className="form-stack" data-testid="api-key-form">
        <div className="field">
          <label htmlFor="api-key-name">
            {text.keyNameLabel} <span className="field-hint">{text.keyNameHint}</span>
          </label>
          <input
            id="api-key-name"
            name="name"
            type="text"
            required
            maxLength={API_KEY_NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={created.status === "invalid" ? true : undefined}
            data-testid="api-key-name"
          />
        </div>
        <fieldset className="choice-list">
          <legend>{text.keyScopeLegend}</legend>
          {apiKeyScopes.map((scope) => (
            <label key={scope} className="choice">
              <input type="radio" name="scope" value={scope} defaultChecked={scope === "read"} data-testid={`api-key-scope-${scope}`} />
              <span>{text.scopes[scope]}</span>
              <span className="field-hint">{text.scopeHints[scope]}</span>
            </label>
          ))}
        </fieldset>
        {created.status === "invalid" ? (
          <p className="alert alert-error" role="alert" data-testid="api-key-error">
            {text.keyNameInvalid}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button" disabled={creating} data-testid="api-key-submit">
            {text.keyCreate}
          </button>
        </div>
      </form>
      {created.status === "created" ? <NewKey key={created.key} name={created.name} secret={created.key} text={text} /> : null}
      {keys.length === 0 ? (
        <p className="field-hint" data-testid="api-keys-empty">
          {text.keysEmpty}
        </p>
      ) : (
        <ul className="account-list" aria-label={text.keysListLabel} data-testid="api-keys-list">
          {keys.map((key) => (
            <li key={key.id} className="account-list-item" data-testid="api-key" data-scope={key.scope}>
              <div className="account-list-text">
                <strong data-testid="api-key-name-text">{key.name}</strong>
                <span className="field-hint" data-time-zone={timeZone}>
                  {text.scopes[key.scope]} · {text.keyColumns.created}: <time dateTime={key.createdAt}>{formatInstant(key.createdAt, locale, timeZone)}</time> ·{" "}
                  {text.keyColumns.lastUsed}:{" "}
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt} data-testid="api-key-last-used">
                      {formatInstant(key.lastUsedAt, locale, timeZone)}
                    </time>
                  ) : (
                    <span data-testid="api-key-last-used">{text.keyNeverUsed}</span>
                  )}
                </span>
              </div>
              {confirmingKey === key.id ? (
                <form action={revokeAction} className="revoke-confirm" role="group" aria-labelledby={`revoke-${key.id}`}>
                  <p id={`revoke-${key.id}`}>{formatMessage(text.keyRevokeConfirm, { name: key.name })}</p>
                  <input type="hidden" name="id" value={key.id} />
                  <input type="hidden" name="name" value={key.name} />
                  <div className="form-actions">
                    <button
                      ref={confirmRevokeRef}
                      type="submit"
                      className="button button-danger button-small"
                      disabled={revoking}
                      aria-label={formatMessage(text.keyRevokeLabel, { name: key.name })}
                      data-testid="api-key-revoke-confirm"
                    >
                      {text.keyRevoke}
                    </button>
                    <button type="button" className="button button-quiet button-small" onClick={() => setConfirmingKey(null)} data-testid="api-key-revoke-keep">
                      {text.keyKeep}
                    </button>
                  </div>
                </form>
              ) : (
                <button
                  type="button"
                  className="button button-danger button-small"
                  disabled={revoking}
                  aria-label={formatMessage(text.keyRevokeLabel, { name: key.name })}
                  onClick={() => setConfirmingKey(key.id)}
                  data-testid="api-key-revoke"
                >
                  {text.keyRevoke}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="form-status" data-testid="api-keys-status">
        {revoked.status === "revoked" ? formatMessage(text.keyRevoked, { name: revoked.name }) : revoked.status === "gone" ? text.keyGone : null}
      </p>
    </div>
  );
}
