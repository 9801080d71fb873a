// One turn in the chat: the user's message, then the Coach's tool-call chips, reply, uncertain saves and outcome.
import Link from "next/link";
import { MAX_CHAT_MESSAGE_LENGTH } from "@/lib/chat/chat-stream-event";
import { needsResolution, type TurnView } from "@/lib/chat/turn-view";
import { formatMessage, type Dictionary } from "@/lib/i18n/dictionaries";
import { ToolCallChip } from "./tool-call-chip";
import { WriteResolution } from "./write-resolution";

type TurnCardProps = { turn: TurnView; text: Dictionary["chat"]; outcomes: Dictionary["traces"]["outcomes"] };

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

export function TurnCard({ turn, text, outcomes }: TurnCardProps) {
  const outcomeLabel = turn.outcome ? (outcomes[turn.outcome as keyof typeof outcomes] ?? turn.outcome) : "";
  return (
    <article className="turn" data-testid="chat-turn" data-state={turn.state} data-outcome={turn.outcome ?? ""} data-turn-id={turn.turnId ?? ""}>
      <div className="bubble bubble-user" data-testid="user-message">
        <span className="visually-hidden">{text.you}: </span>
        {turn.userText}
      </div>
      <div className="bubble bubble-coach" data-testid="coach-message">
        <span className="visually-hidden">{text.coach}: </span>
        {turn.toolCalls.length > 0 ? (
          <ul className="tool-chips" data-testid="tool-chips">
            {turn.toolCalls.map((call) => (
              <ToolCallChip key={call.id} call={call} text={text} />
            ))}
          </ul>
        ) : null}
        <div className="reply" data-testid="coach-reply">
          {turn.reply}
        </div>
        {turn.toolCalls.filter(needsResolution).map((call) => (
          <WriteResolution key={call.id} call={call} text={text.write} />
        ))}
        {turn.state === "failed" ? (
          <p className="alert alert-error turn-failure" role="alert" data-testid="turn-failure" data-reason={turn.failure?.reason}>
            {failureMessage(turn, text)}
          </p>
        ) : null}
        <p className="turn-meta" data-testid="turn-meta">
          {turn.state === "running" ? (
            <span role="status">
              <span className="spinner" aria-hidden="true" /> {text.working}
            </span>
          ) : turn.state === "ended" ? (
            <>
              <span data-testid="turn-outcome" data-outcome={turn.outcome}>
                {formatMessage(text.turnSummary, { outcome: outcomeLabel, provider: `${turn.provider ?? "?"}/${turn.model ?? "?"}`, count: turn.modelRequests ?? 0 })}
              </span>
              {turn.turnId ? (
                <>
                  {" · "}
                  <Link href={`/traces/${turn.turnId}`} data-testid="turn-trace-link">
                    {text.traceLink}
                  </Link>
                </>
              ) : null}
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}
