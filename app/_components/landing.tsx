// What a signed-out visitor sees at /: what Palestra is, and the way in.
import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";

export function Landing({ text }: { text: Dictionary["landing"] }) {
  return (
    <div className="landing" data-testid="landing">
      <section className="landing-hero">
        {/* eslint-disable-next-line @next/next/no-img-element -- a 1 kB SVG needs no image optimizer */}
        <img src="/icon.svg" alt="" width={72} height={72} />
        <h1>{text.title}</h1>
        <p className="landing-lead">{text.lead}</p>
        <div className="form-actions landing-actions">
          <Link href="/signup" className="button" data-testid="landing-signup">
            {text.signUp}
          </Link>
          <Link href="/login" className="button button-quiet" data-testid="landing-login">
            {text.logIn}
          </Link>
        </div>
      </section>
      <ul className="landing-points">
        {text.points.map((point) => (
          <li key={point.title} className="card">
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="field-hint landing-note">{text.note}</p>
    </div>
  );
}
