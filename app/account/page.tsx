// /account: who is signed in, the unit preference, the full data export, and deleting the account.
import type { Metadata } from "next";
import { formatMessage } from "@/lib/i18n/dictionaries";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { DeleteAccountForm } from "./delete-account-form";
import { UnitsForm } from "./units-form";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.account.title };
}

export default async function AccountPage() {
  const user = await requireUser();
  const { dictionary } = await getDictionary();
  const text = dictionary.account;
  return (
    <>
      <h1>{text.title}</h1>
      <p className="page-intro" data-testid="account-email">
        {formatMessage(text.signedInAs, { email: user.email })}
      </p>
      <section className="card" id="units" aria-labelledby="units-title">
        <h2 id="units-title">{text.unitsTitle}</h2>
        <p>{text.unitsDescription}</p>
        <UnitsForm units={user.units} text={text} systems={dictionary.measurements.unitSystems} />
      </section>
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">{text.exportTitle}</h2>
        <p>{text.exportDescription}</p>
        <a href="/account/export" className="button" download data-testid="account-export">
          {text.exportLink}
        </a>
      </section>
      <section className="card" aria-labelledby="delete-title">
        <h2 id="delete-title">{text.deleteTitle}</h2>
        <p>{text.deleteDescription}</p>
        <DeleteAccountForm text={text} />
      </section>
    </>
  );
}
