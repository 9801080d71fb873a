// The root layout: document language and theme, icons and manifest, header and main landmark shared by every page.
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getDictionary } from "@/lib/i18n/get-locale";
import { canOperate, getSessionUser } from "@/lib/session";
import { getThemeChoice } from "@/lib/theme";
import { AppHeader } from "./_components/app-header";
import { OfflineBanner } from "./_components/offline-banner";
import { QaFaultBanner } from "./_components/qa-fault-banner";
import "./globals.css";
import "./shared-ui.css";

export const metadata: Metadata = {
  title: { default: "Palestra", template: "%s · Palestra" },
  description: "A self-hostable fitness coach whose tools fail honestly.",
  applicationName: "Palestra",
  icons: {
    icon: [
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/icon-192.png", sizes: "192x192", type: "image/png" },
    ],
    apple: "/apple-touch-icon.png",
  },
  appleWebApp: { title: "Palestra", capable: true, statusBarStyle: "default" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#1b2127" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, dictionary } = await getDictionary();
  const user = await getSessionUser();
  const theme = await getThemeChoice();
  return (
    <html lang={locale} data-theme={theme === "system" ? undefined : theme}>
      <body>
        <a href="#main" className="skip-link">
          {dictionary.header.skipToContent}
        </a>
        <AppHeader user={user} canOperate={user !== null && (await canOperate())} locale={locale} theme={theme} dictionary={dictionary} />
        <QaFaultBanner user={user} locale={locale} dictionary={dictionary} />
        <OfflineBanner text={dictionary.offline.banner} accountId={user?.id ?? ""} />
        <main id="main" className="page">
          {children}
        </main>
      </body>
    </html>
  );
}
