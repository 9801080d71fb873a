// One turn in the chat: the person's message, then the Coach's reply and any save waiting for them. How the reply was
// made (tool chips, provider, model requests, trace) is developer detail, one click away in a disclosure.
import Link from "next/link";
import { MAX_CHAT_MESSAGE_LENGTH } from "@/lib/chat/chat-event";
import { needsResolution, turnResolution, type TurnView } from "@/lib/chat/turn-view";
import type { WriteResolution as StoredResolution } from "@/lib/outcome/write-resolutions";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { formatMessage } from "@/lib/i18n/format-message";
import { formatPlural } from "@/lib/i18n/format";
import { isBuiltInCoach, modelLabel, providerLabel } from "@/lib/i18n/coach-name";
import type { Locale } from "@/lib/i18n/locale";
import { LazyReplyMarkdown } from "./lazy-reply-markdown";
import { ToolCallChip } from "./tool-call-chip";
import { WriteResolution } from "./write-resolution";

type TurnCardProps = {
  turn: TurnView;
  locale: Locale;
  text: Dictionary["chat"];
  outcomes: Dictionary["traces"]["outcomes"];
  resolutions: Dictionary["traces"]["resolutions"];
  onResolution: (toolCallId: string, resolution: StoredResolution | null) => void;
  /** Sends a quick reply's words as the next message; absent where the turn's question can no longer be answered. */
  onQuickReply?: (message: string) => void;
};

/** Who answered: the built-in coach by its name (no model), a model provider as provider/model. */
function answeredBy(turn: TurnView, locale: Locale): string {
  if (!turn.provider) return "?";
  const model = modelLabel(turn.provider, turn.model ?? "?");
  return model === null ? providerLabel(turn.provider, locale) : `${turn.provider}/${model}`;
}

function failureMessage(turn: TurnView, text: Dictionary["chat"]): string {
  switch (turn.failure?.reason) {
    case "rate_limited":
      return formatMessage(text.rateLimited, { seconds: turn.failure.retryAfterSeconds ?? 60 });
    case "conversation_not_found":
      return text.conversationNotFound;
    case "message_too_long":
      return formatMessage(text.messageTooLong, { max: MAX_CHAT_MESSAGE_LENGTH });
    case "connection_lost":
      return text.connectionLost;
    case "stopped_waiting":
      return text.stoppedWaiting;
    default:
      return text.unexpectedFailure;
  }
}

/** The traceable-number check's mark: the reply is left as written, its untraced numbers named beside it with the tool results. */
function UntraceableNotice({ turn, text }: { turn: TurnView; text: Dictionary["chat"] }) {
  const results = turn.toolCalls.filter((call) => call.outcome);
  return (
    <div className="alert alert-warning untraceable-notice" role="note" data-testid="untraceable-notice">
      <strong>{text.untraceableTitle}</strong> {text.untraceableDetail}{" "}
      {(turn.untraceableNumbers ?? []).map((number, index) => (
        <span key={number}>
          {index > 0 ? ", " : null}
          <mark data-testid="untraceable-number">{number}</mark>
        </span>
      ))}
      {results.length > 0 ? (
        <details>
          <summary>{text.untraceableToolResults}</summary>
          {results.map((call) => (
            <pre key={call.id} className="code-block" data-testid="untraceable-tool-result">
              {call.name}: {call.outcome}
            </pre>
          ))}
        </details>
      ) : null}
    </div>
  );
}

export function TurnCard({ turn, locale, text, outcomes, resolutions, onResolution, onQuickReply }: TurnCardProps) {
  const resolution = turnResolution(turn);
  const storedLabel = turn.outcome ? (outcomes[turn.outcome as keyof typeof outcomes] ?? turn.outcome) : "";
  // Once the person checked or saved a stopped save, the card's status says what is true now, not what was then: the
  // same words as /traces (lib/outcome/write-resolutions.ts decides the turn's resolution for both).
  const statusLabel = resolution ? resolutions[resolution] : storedLabel;
  // A reply written before the save was found stored, or stored by the person, is marked as written before that.
  const update = resolution === "saved" || resolution === "saved_now" ? text.replyUpdate[resolution] : null;
  const unusual = turn.outcome !== undefined && turn.outcome !== "answered";
  return (
    <article
      className="turn"
      data-testid="chat-turn"
      data-state={turn.state}
      data-outcome={turn.outcome ?? ""}
      data-resolution={resolution ?? ""}
      data-turn-id={turn.turnId ?? ""}
    >
      <div className="bubble bubble-user" data-testid="user-message">
        <span className="visually-hidden">{text.you}: </span>
        {turn.userText}
      </div>
      <div className="bubble bubble-coach" data-testid="coach-message">
        <span className="visually-hidden">{text.coach}: </span>
        {update ? (
          <p className="reply-update" data-testid="reply-update" data-resolution={resolution ?? ""}>
            {update}
          </p>
        ) : null}
        <div className={`reply${update ? " reply-superseded" : ""}`} data-testid="coach-reply">
          {turn.reply ? <LazyReplyMarkdown text={turn.reply} /> : null}
        </div>
        {turn.untraceableNumbers && turn.untraceableNumbers.length > 0 ? <UntraceableNotice turn={turn} text={text} /> : null}
        {onQuickReply && turn.state === "ended" && turn.quickReplies?.length ? (
          <div className="quick-replies" role="group" aria-label={text.quickRepliesLabel} data-testid="quick-replies">
            {turn.quickReplies.map((reply) => (
              <button key={reply} type="button" onClick={() => onQuickReply(reply)}>
                {reply}
              </button>
            ))}
          </div>
        ) : null}
        {turn.toolCalls.filter(needsResolution).map((call) => (
          <WriteResolution key={call.id} call={call} text={text.write} onResolution={(value) => onResolution(call.id, value)} />
        ))}
        {turn.state === "failed" ? (
          <p className="alert alert-error turn-failure" role="alert" data-testid="turn-failure" data-reason={turn.failure?.reason}>
            {failureMessage(turn, text)}
          </p>
        ) : null}
        {turn.state === "running" ? (
          <p className="turn-meta" data-testid="turn-meta">
            <span role="status">
              <span className="spinner" aria-hidden="true" /> {text.working}
            </span>
          </p>
        ) : null}
        {turn.toolCalls.length > 0 || turn.state === "ended" ? (
          <details className="turn-details" data-testid="turn-details">
            <summary>
              {text.turnDetails}
              <span className="visually-hidden"> ({text.turnDetailsLabel})</span>
              {turn.state === "ended" && (unusual || resolution) ? <span className="turn-status"> · {statusLabel}</span> : null}
            </summary>
            {turn.toolCalls.length > 0 ? (
              <ul className="tool-chips" data-testid="tool-chips">
                {turn.toolCalls.map((call) => (
                  <ToolCallChip key={call.id} call={call} locale={locale} text={text} />
                ))}
              </ul>
            ) : null}
            {turn.state === "ended" ? (
              <p className="turn-meta" data-testid="turn-meta">
                <span data-testid="turn-outcome" data-outcome={turn.outcome}>
                  {[
                    statusLabel,
                    answeredBy(turn, locale),
                    formatPlural(isBuiltInCoach(turn.provider) ? text.coachSteps : text.modelRequests, turn.modelRequests ?? 0, locale),
                  ].join(" · ")}
                </span>
                {turn.turnId ? (
                  <>
                    {" · "}
                    <Link href={`/traces/${turn.turnId}`} data-testid="turn-trace-link">
                      {text.traceLink}
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </details>
        ) : null}
      </div>
    </article>
  );
}
