// /account: who is signed in, name, email and password, the unit preference, signed-in devices, API keys, the full data
// export, and deleting the account.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { listAccountSessions } from "@/lib/account/account-sessions";
import { listApiKeys } from "@/lib/account/manage-api-keys";
import { formatMessage } from "@/lib/i18n/format-message";
import { getDictionary } from "@/lib/i18n/get-locale";
import { requireUser } from "@/lib/session";
import { ApiKeysSection } from "./api-keys-section";
import { DeleteAccountForm } from "./delete-account-form";
import { EmailForm } from "./email-form";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";
import { UnitsForm } from "./units-form";
import "./account.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return { title: dictionary.account.title };
}

export default async function AccountPage() {
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const requestHeaders = await headers();
  const [sessions, keys] = await Promise.all([listAccountSessions(requestHeaders), listApiKeys(requestHeaders)]);
  const text = dictionary.account;
  const settings = dictionary.accountSettings;
  return (
    <>
      <h1>{text.title}</h1>
      <p className="page-intro" data-testid="account-email">
        {formatMessage(text.signedInAs, { email: user.email })}
      </p>
      <section className="card" id="name" aria-labelledby="name-title">
        <h2 id="name-title">{settings.profileTitle}</h2>
        <NameForm name={user.name} text={settings} />
      </section>
      <section className="card" id="email" aria-labelledby="email-title">
        <h2 id="email-title">{settings.emailTitle}</h2>
        <p>{settings.emailDescription}</p>
        <EmailForm text={settings} rateLimited={dictionary.auth.rateLimited} />
      </section>
      <section className="card" id="password" aria-labelledby="password-title">
        <h2 id="password-title">{settings.passwordTitle}</h2>
        <p>{settings.passwordDescription}</p>
        <PasswordForm text={settings} policy={dictionary.auth} />
      </section>
      <section className="card" id="units" aria-labelledby="units-title">
        <h2 id="units-title">{text.unitsTitle}</h2>
        <p>{text.unitsDescription}</p>
        <UnitsForm units={user.units} text={text} systems={dictionary.measurements.unitSystems} />
      </section>
      <section className="card" id="sessions" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{settings.sessionsTitle}</h2>
        <p>{settings.sessionsDescription}</p>
        <SessionsList sessions={sessions} locale={locale} text={settings} />
      </section>
      <section className="card" id="api-keys" aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">{settings.keysTitle}</h2>
        <p>{settings.keysDescription}</p>
        <ApiKeysSection keys={keys} locale={locale} text={settings} />
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
        <DeleteAccountForm text={text} settings={settings} rateLimited={dictionary.auth.rateLimited} />
      </section>
    </>
  );
}
