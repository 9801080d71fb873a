// A trace's "QA faults injected" fact: each armed fault its tool calls met ("lost_ack on writes"), or that none did, so
// a failure on the page reads as injected or as real.
import { formatMessage } from "@/lib/i18n/format-message";
import type { OperatorText } from "@/lib/i18n/operator-text";
import type { InjectedFault } from "@/lib/store/turn-store";

export function InjectedFaults({ faults, text }: { faults: InjectedFault[]; text: OperatorText }) {
  if (faults.length === 0) return <span data-fault-injected="false">{text.noFaults}</span>;
  return (
    <span className="badge badge-warning badge-long" data-fault-injected="true">
      {text.faultMark}: {faults.map((fault) => formatMessage(text.fault, { mode: fault.mode, target: text.targets[fault.target] })).join(", ")}
    </span>
  );
}
