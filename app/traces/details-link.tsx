// A list row's link to its detail: the visible word starts the link's name (no aria-label that would hide it), and a
// visually hidden "of the turn started <time>" tells the rows apart for a screen reader.
import Link from "next/link";
import type { ReactNode } from "react";

export function DetailsLink({ href, testId, label, of, time }: { href: string; testId: string; label: string; of: string; time: ReactNode }) {
  return (
    <Link href={href} data-testid={testId}>
      {label}
      <span className="visually-hidden">
        {" "}
        {of} {time}
      </span>
    </Link>
  );
}
