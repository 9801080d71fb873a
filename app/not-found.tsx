// The not-found page in the reader's language (a missing page, or another person's conversation or trace).
import type { Metadata } from "next";
import Link from "next/link";
import { getDictionary } from "@/lib/i18n/get-locale";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.statusPage.notFoundTitle };
}

export default async function NotFound() {
  const { dictionary } = await getDictionary();
  const text = dictionary.statusPage;
  return (
    <section className="card narrow status-page" data-testid="not-found">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{text.notFoundTitle}</h1>
      <p>{text.notFoundText}</p>
      <Link href="/" className="button">
        {text.home}
      </Link>
    </section>
  );
}
