// /operator: the landing of the pages for people who run and test the instance (traces, metrics, QA), each with what it
// is for. Offered to administrators and, in QA mode, to everyone; a 404 for anyone else.
import type { Metadata } from "next";
import Link from "next/link";
import { getEnv } from "@/lib/env";
import { getDictionary } from "@/lib/i18n/get-locale";
import { isSessionAdmin, requireOperator } from "@/lib/session";
import { OperatorNav } from "../_components/operator-nav";
import "./operator.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.operator.title };
}

export default async function OperatorPage() {
  await requireOperator();
  const { dictionary } = await getDictionary();
  const text = dictionary.operator;
  const pages = [
    { href: "/traces", title: dictionary.header.traces, description: text.tracesDescription, testId: "operator-traces" },
    ...((await isSessionAdmin())
      ? [{ href: "/metrics", title: dictionary.header.metrics, description: text.metricsDescription, testId: "operator-metrics" }]
      : []),
    ...(getEnv().qaEnabled ? [{ href: "/qa", title: dictionary.header.qa, description: text.qaDescription, testId: "operator-qa" }] : []),
  ];
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <h1>{text.title}</h1>
      <p className="page-intro">{text.intro}</p>
      <ul className="operator-pages" data-testid="operator-pages">
        {pages.map((page) => (
          <li key={page.href} className="card">
            <h2>
              <Link href={page.href} data-testid={page.testId}>
                {page.title}
              </Link>
            </h2>
            <p>{page.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
