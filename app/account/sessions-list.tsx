"use client";
// Every signed-in session of the account: device, last activity, this one marked; sign out one, or all the others.
import { useActionState } from "react";
import { useTimeZone } from "@/app/_components/use-time-zone";
import type { AccountSession } from "@/lib/account/account-sessions";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatInstant } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locale";
import type { AccountFormText } from "./account-text";
import { signOutSessionsAction, type SessionsState } from "./session-actions";

const idle: SessionsState = { status: "idle" };

function deviceOf(session: AccountSession, text: AccountFormText): string {
  if (!session.browser && !session.system) return text.unknownBrowser;
  return formatMessage(text.deviceName, { browser: session.browser ?? text.unknownBrowser, system: session.system ?? text.unknownSystem });
}

const statusText = (state: SessionsState, text: AccountFormText) =>
  ({ idle: null, signed_out: text.sessionSignedOut, gone: text.sessionGone, others_signed_out: text.othersSignedOut })[state.status];

export function SessionsList({ sessions, locale, text }: { sessions: AccountSession[]; locale: Locale; text: AccountFormText }) {
  const [state, action, pending] = useActionState(signOutSessionsAction, idle);
  const timeZone = useTimeZone();
  const timeOf = (iso: string) => formatInstant(iso, locale, timeZone);
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="form-stack">
      <ul className="account-list" data-testid="sessions-list">
        {sessions.map((session) => {
          const device = deviceOf(session, text);
          return (
            <li key={session.id} className="account-list-item" data-testid="session" data-current={session.current ? "true" : undefined}>
              <div className="account-list-text">
                <strong>
                  {device}
                  {session.current ? (
                    <>
                      {" "}
                      <span className="badge badge-ok" data-testid="session-current">
                        {text.thisDevice}
                      </span>
                    </>
                  ) : null}
                </strong>
                <span className="field-hint" data-time-zone={timeZone}>
                  <time dateTime={session.lastActiveAt}>{formatMessage(text.lastActive, { time: timeOf(session.lastActiveAt) })}</time> ·{" "}
                  <time dateTime={session.signedInAt}>{formatMessage(text.signedInAt, { time: timeOf(session.signedInAt) })}</time>
                </span>
              </div>
              {session.current ? null : (
                <form action={action}>
                  <input type="hidden" name="intent" value="one" />
                  <input type="hidden" name="id" value={session.id} />
                  <button
                    type="submit"
                    className="button button-quiet button-small"
                    disabled={pending}
                    aria-label={formatMessage(text.signOutSessionLabel, { device, time: timeOf(session.lastActiveAt) })}
                    data-testid="session-sign-out"
                  >
                    {text.signOutSession}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 ? (
        <p className="field-hint" data-testid="sessions-no-others">
          {text.noOtherSessions}
        </p>
      ) : (
        <form action={action}>
          <input type="hidden" name="intent" value="others" />
          <button type="submit" className="button button-quiet" disabled={pending} data-testid="sessions-sign-out-others">
            {text.signOutOthers}
          </button>
        </form>
      )}
      <p role="status" className="form-status" data-testid="sessions-status">
        {statusText(state, text)}
      </p>
    </div>
  );
}
