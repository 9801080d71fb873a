// /qa: arm and clear storage faults for your own account. A 404 unless QA is enabled (PALESTRA_QA).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getStore } from "@/lib/scope/get-store";
import { getEnv } from "@/lib/env";
import { faultModes, targetsByMode } from "@/lib/faults/fault-modes";
import { listFaults } from "@/lib/faults/manage-faults";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { OperatorNav } from "../_components/operator-nav";
import { ArmFaultForm } from "./arm-fault-form";
import { ArmedFaults } from "./armed-faults";
import "./qa.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.qa.title };
}

export default async function QaPage() {
  if (!getEnv().qaEnabled) notFound();
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const text = dictionary.qa;
  const choices = faultModes.flatMap((mode) => targetsByMode[mode].map((target) => ({ mode, target })));
  return (
    <>
      <OperatorNav dictionary={dictionary} />
      <h1>{text.title}</h1>
      <p className="page-intro">{text.intro}</p>
      <section className="card" aria-labelledby="arm-title">
        <h2 id="arm-title">{text.armTitle}</h2>
        <ArmFaultForm choices={choices} text={text} />
      </section>
      <section className="card" aria-labelledby="armed-title">
        <h2 id="armed-title">{text.armedTitle}</h2>
        <ArmedFaults faults={await listFaults({ store: getStore(), userId: user.id })} locale={locale} text={text} />
      </section>
    </>
  );
}
