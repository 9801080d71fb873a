// The /metrics page's strings in en, es and pt (part of the UI dictionary).
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

const metricsEn = {
  title: "Metrics",
  intro: "Your own figures over the last {days} days, from the stored turns and tool calls.",
  toolResultsTitle: "Tool results by tool and code, per day",
  turnOutcomesTitle: "Turn outcomes",
  modelRequestsTitle: "Model requests by provider and status",
  empty: "No data yet.",
  showData: "Show the data as a table",
  day: "Day",
  tool: "Tool",
  code: "Result",
  outcome: "Outcome",
  provider: "Provider",
  status: "Status",
  count: "Count",
  chartLabel: "Chart: {title}",
} as const;

export type MetricsText = Messages<typeof metricsEn>;

export const metricsText: Record<Locale, MetricsText> = {
  en: metricsEn,
  es: {
    title: "Métricas",
    intro: "Tus propias cifras de los últimos {days} días, a partir de los turnos y llamadas a herramientas guardados.",
    toolResultsTitle: "Resultados de herramientas por herramienta y código, por día",
    turnOutcomesTitle: "Resultados de los turnos",
    modelRequestsTitle: "Peticiones al modelo por proveedor y estado",
    empty: "Aún no hay datos.",
    showData: "Mostrar los datos como tabla",
    day: "Día",
    tool: "Herramienta",
    code: "Resultado",
    outcome: "Resultado",
    provider: "Proveedor",
    status: "Estado",
    count: "Cantidad",
    chartLabel: "Gráfico: {title}",
  },
  pt: {
    title: "Métricas",
    intro: "Os seus próprios números dos últimos {days} dias, a partir dos turnos e chamadas de ferramentas guardados.",
    toolResultsTitle: "Resultados de ferramentas por ferramenta e código, por dia",
    turnOutcomesTitle: "Resultados dos turnos",
    modelRequestsTitle: "Requisições ao modelo por provedor e estado",
    empty: "Ainda não há dados.",
    showData: "Mostrar os dados como tabela",
    day: "Dia",
    tool: "Ferramenta",
    code: "Resultado",
    outcome: "Resultado",
    provider: "Provedor",
    status: "Estado",
    count: "Quantidade",
    chartLabel: "Gráfico: {title}",
  },
};
