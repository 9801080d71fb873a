// What was said in one turn, in order: the person's message, the Coach's replies between tool rounds, and Palestra's
// own words when it stopped the turn (the numbers not from the records are the summary's own fact).
import type { OperatorText } from "@/lib/i18n/operator-text";
import type { TurnMessage } from "@/lib/store/turn-store";

export function TurnMessages({ messages, text }: { messages: TurnMessage[]; text: OperatorText }) {
  // An assistant message with only tool calls has no words: nothing was said there.
  const said = messages.filter((message) => message.content.trim() !== "");
  return (
    <ol className="turn-messages" data-testid="trace-messages">
      {said.map((message, index) => (
        <li key={index} data-testid="trace-message" data-author={message.author}>
          <strong>{text.speakers[message.author]}</strong>
          <p className="turn-message-text">{message.content}</p>
        </li>
      ))}
    </ol>
  );
}
