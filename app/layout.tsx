// The root layout: document language, header and main landmark shared by every page.
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getEnv } from "@/lib/env";
import { getDictionary } from "@/lib/i18n/get-locale";
import { getSessionUser } from "@/lib/session";
import { AppHeader } from "./_components/app-header";
import { QaFaultBanner } from "./_components/qa-fault-banner";
import "./globals.css";
import "./shared-ui.css";

export const metadata: Metadata = {
  title: { default: "Palestra", template: "%s · Palestra" },
  description: "A self-hostable fitness coach whose tools fail honestly.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, dictionary } = await getDictionary();
  const user = await getSessionUser();
  return (
    <html lang={locale}>
      <body>
        <a href="#main" className="skip-link">
          {dictionary.header.skipToContent}
        </a>
        <AppHeader user={user} qaEnabled={getEnv().qaEnabled} locale={locale} dictionary={dictionary} />
        <QaFaultBanner user={user} dictionary={dictionary} />
        <main id="main" className="page">
          {children}
        </main>
      </body>
    </html>
  );
}
