// Every string of the web UI in en, es and pt, composed from one file per page or part; placeholders like {date} are
// filled by formatMessage.
import { accountSettingsText } from "./account-text";
import { authText } from "./auth-text";
import { chatText } from "./chat-text";
import { landingText } from "./landing-text";
import type { Locale } from "./locale";
import { measurementChartText } from "./measurement-chart-text";
import { measurementImportText } from "./measurement-import-text";
import { measurementsText } from "./measurements-text";
import type { Messages } from "./message-text";
import { operatorText } from "./operator-text";
import { statusPageText } from "./status-page-text";
import { qaText } from "./qa-text";
import { metricsText } from "./metrics-text";
import { offlineText } from "./offline-text";
import { tracesText } from "./traces-text";

const en = {
  languageNames: { en: "English", es: "Español", pt: "Português" },
  header: {
    navigationLabel: "Main navigation",
    coach: "Coach",
    measurements: "Measurements",
    traces: "Traces",
    metrics: "Metrics",
    qa: "QA",
    account: "Account",
    signOut: "Sign out",
    logIn: "Log in",
    signUp: "Sign up",
    language: "Language",
    skipToContent: "Skip to content",
    menu: "Menu",
    theme: "Colour theme",
    themes: { system: "Follow the system", light: "Light", dark: "Dark" },
  },
  auth: authText.en,
  measurements: { ...measurementsText.en, ...measurementChartText.en, ...measurementImportText.en },
  account: {
    title: "Account",
    signedInAs: "Signed in as {email}",
    exportTitle: "Export your data",
    exportDescription: "Everything Palestra stores for you, as one JSON file: measurements, conversations, messages, tool calls and traces.",
    exportLink: "Download all data (JSON)",
    deleteTitle: "Delete the account",
    deleteDescription: "This permanently deletes your account and all its data. It cannot be undone.",
    deleteConfirmLabel: "Type your email address to confirm",
    deleteSubmit: "Delete my account and all its data",
    deleteMismatch: "The email address does not match this account. Nothing was deleted.",
    unitsTitle: "Units",
    unitsDescription:
      "How your measurements are shown and typed, on every page, in the charts and in exports. They are always stored in metric, so changing this changes no value.",
    unitsLegend: "Show and enter values in",
    unitChoices: { metric: "Metric (kg, cm)", imperial: "Imperial (lb, in)" },
    unitsSave: "Save units",
    unitsSaved: "Saved: values are now shown in {units}.",
  },
  accountSettings: accountSettingsText.en,
  chat: chatText.en,
  qa: qaText.en,
  traces: tracesText.en,
  metrics: metricsText.en,
  operator: operatorText.en,
  landing: landingText.en,
  statusPage: statusPageText.en,
  offline: offlineText.en,
} as const;

export type Dictionary = Messages<typeof en>;

const es: Dictionary = {
  languageNames: { en: "English", es: "Español", pt: "Português" },
  header: {
    navigationLabel: "Navegación principal",
    coach: "Coach",
    measurements: "Medidas",
    traces: "Trazas",
    metrics: "Métricas",
    qa: "QA",
    account: "Cuenta",
    signOut: "Cerrar sesión",
    logIn: "Iniciar sesión",
    signUp: "Registrarse",
    language: "Idioma",
    skipToContent: "Saltar al contenido",
    menu: "Menú",
    theme: "Tema de color",
    themes: { system: "Como el sistema", light: "Claro", dark: "Oscuro" },
  },
  auth: authText.es,
  measurements: { ...measurementsText.es, ...measurementChartText.es, ...measurementImportText.es },
  account: {
    title: "Cuenta",
    signedInAs: "Sesión iniciada como {email}",
    exportTitle: "Exporta tus datos",
    exportDescription: "Todo lo que Palestra guarda sobre ti, en un archivo JSON: medidas, conversaciones, mensajes, llamadas a herramientas y trazas.",
    exportLink: "Descargar todos los datos (JSON)",
    deleteTitle: "Eliminar la cuenta",
    deleteDescription: "Esto elimina para siempre tu cuenta y todos sus datos. No se puede deshacer.",
    deleteConfirmLabel: "Escribe tu correo electrónico para confirmar",
    deleteSubmit: "Eliminar mi cuenta y todos sus datos",
    deleteMismatch: "El correo no coincide con esta cuenta. No se ha eliminado nada.",
    unitsTitle: "Unidades",
    unitsDescription:
      "Cómo se muestran e introducen tus medidas en todas las páginas, los gráficos y las exportaciones. Siempre se guardan en el sistema métrico, así que cambiar esto no cambia ningún valor.",
    unitsLegend: "Mostrar e introducir los valores en",
    unitChoices: { metric: "Métrico (kg, cm)", imperial: "Imperial (lb, in)" },
    unitsSave: "Guardar unidades",
    unitsSaved: "Guardado: los valores se muestran ahora en {units}.",
  },
  accountSettings: accountSettingsText.es,
  chat: chatText.es,
  qa: qaText.es,
  traces: tracesText.es,
  metrics: metricsText.es,
  operator: operatorText.es,
  landing: landingText.es,
  statusPage: statusPageText.es,
  offline: offlineText.es,
};

const pt: Dictionary = {
  languageNames: { en: "English", es: "Español", pt: "Português" },
  header: {
    navigationLabel: "Navegação principal",
    coach: "Coach",
    measurements: "Medidas",
    traces: "Rastros",
    metrics: "Métricas",
    qa: "QA",
    account: "Conta",
    signOut: "Sair",
    logIn: "Entrar",
    signUp: "Criar conta",
    language: "Idioma",
    skipToContent: "Pular para o conteúdo",
    menu: "Menu",
    theme: "Tema de cores",
    themes: { system: "Como o sistema", light: "Claro", dark: "Escuro" },
  },
  auth: authText.pt,
  measurements: { ...measurementsText.pt, ...measurementChartText.pt, ...measurementImportText.pt },
  account: {
    title: "Conta",
    signedInAs: "Conectado como {email}",
    exportTitle: "Exporte seus dados",
    exportDescription: "Tudo o que o Palestra guarda sobre você, em um arquivo JSON: medidas, conversas, mensagens, chamadas de ferramentas e rastros.",
    exportLink: "Baixar todos os dados (JSON)",
    deleteTitle: "Excluir a conta",
    deleteDescription: "Isto exclui para sempre sua conta e todos os seus dados. Não pode ser desfeito.",
    deleteConfirmLabel: "Digite seu e-mail para confirmar",
    deleteSubmit: "Excluir minha conta e todos os dados",
    deleteMismatch: "O e-mail não corresponde a esta conta. Nada foi excluído.",
    unitsTitle: "Unidades",
    unitsDescription:
      "Como as suas medidas são mostradas e digitadas em todas as páginas, nos gráficos e nas exportações. Elas são sempre guardadas no sistema métrico, então mudar isto não muda nenhum valor.",
    unitsLegend: "Mostrar e digitar os valores em",
    unitChoices: { metric: "Métrico (kg, cm)", imperial: "Imperial (lb, in)" },
    unitsSave: "Salvar unidades",
    unitsSaved: "Salvo: os valores agora são mostrados em {units}.",
  },
  accountSettings: accountSettingsText.pt,
  chat: chatText.pt,
  qa: qaText.pt,
  traces: tracesText.pt,
  metrics: metricsText.pt,
  operator: operatorText.pt,
  landing: landingText.pt,
  statusPage: statusPageText.pt,
  offline: offlineText.pt,
};

export const dictionaries: Record<Locale, Dictionary> = { en, es, pt };
