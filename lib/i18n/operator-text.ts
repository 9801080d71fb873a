// The operator area's strings (its landing, the traces list's filters and marks, a trace's conversation) and the
// plain-language names of tools and tool results that the traces and metrics pages show, in en, es and pt.
import type { FaultTarget } from "@/lib/store/records";
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

/** The Coach's tools by their wire names; a name not listed here is shown as it is. */
export const toolNames = ["read_measurement", "list_measurements", "save_measurement", "get_trend", "set_goal"] as const;
export type ToolName = (typeof toolNames)[number];

/** How a tool call ended: a status, or an error code of the contract (lib/outcome/tool-outcome.ts). */
type ResultLabels = Record<
  | "ok"
  | "skipped"
  | "running"
  | "bad_arguments"
  | "not_found"
  | "conflict"
  | "range_too_large"
  | "unavailable"
  | "write_failed"
  | "outcome_unknown"
  | "idempotency_key_reused"
  | "forbidden"
  | "internal",
  string
>;

const en = {
  areaLabel: "Operator",
  navigationLabel: "Operator pages",
  title: "Operator",
  intro: "Pages for the people who run and test this instance: what each turn did, the figures, and storage faults to try.",
  overview: "Overview",
  tracesDescription: "Every turn of yours: what was said, which tools ran, how it ended, and what became of an uncertain save.",
  metricsDescription: "Tool results, turn outcomes and model requests over the last 30 days (administrators only).",
  qaDescription: "Arm storage faults for your own account and watch what the Coach does (QA mode only).",
  tools: {
    read_measurement: "Read a measurement",
    list_measurements: "List measurements",
    save_measurement: "Save a measurement",
    get_trend: "Work out the trend",
    set_goal: "Set a goal",
  } satisfies Record<ToolName, string>,
  results: {
    ok: "succeeded",
    skipped: "skipped, not run",
    running: "still running",
    bad_arguments: "refused: bad arguments",
    not_found: "nothing found",
    conflict: "refused: a different value is stored",
    range_too_large: "refused: range too large",
    unavailable: "failed: storage unavailable",
    write_failed: "failed: nothing saved",
    outcome_unknown: "outcome unknown",
    idempotency_key_reused: "refused: key already used",
    forbidden: "refused: not allowed",
    internal: "failed: internal error",
  } satisfies ResultLabels,
  filters: {
    legend: "Show only",
    outcome: "Outcome",
    tool: "Tool",
    anyOutcome: "Any outcome",
    anyTool: "Any tool",
    apply: "Show",
    clear: "Clear the filters",
    shown: "Turns shown: {count}",
    noMatch: "No turn matches these filters.",
  },
  message: "Message",
  toolsColumn: "Tools called",
  noTools: "No tools",
  unresolved: "Not checked yet",
  unresolvedNotSaved: "Not saved yet",
  untraceableMark: "Numbers not from the records: {count}",
  faultMark: "QA fault injected",
  faultsFact: "QA faults injected",
  noFaults: "None: every failure here was real",
  fault: "{mode} on {target}",
  targets: { read: "reads", write: "writes" } satisfies Record<FaultTarget, string>,
  conversationTitle: "What was said",
  speakers: { user: "You", model: "Coach", harness: "Palestra (stopped the turn)" },
  emptyMessage: "(no text)",
  requestsTable: "Model requests, one row per round",
} as const;

export type OperatorText = Messages<typeof en>;

const es: OperatorText = {
  areaLabel: "Operación",
  navigationLabel: "Páginas de operación",
  title: "Operación",
  intro: "Páginas para quienes administran y prueban esta instancia: qué hizo cada turno, las cifras y fallos de almacenamiento para probar.",
  overview: "Resumen",
  tracesDescription: "Cada turno tuyo: qué se dijo, qué herramientas se usaron, cómo terminó y qué pasó con un guardado incierto.",
  metricsDescription: "Resultados de herramientas, de turnos y peticiones al modelo de los últimos 30 días (solo administradores).",
  qaDescription: "Activa fallos de almacenamiento en tu propia cuenta y mira qué hace el Coach (solo en modo QA).",
  tools: {
    read_measurement: "Leer una medida",
    list_measurements: "Listar medidas",
    save_measurement: "Guardar una medida",
    get_trend: "Calcular la tendencia",
    set_goal: "Fijar un objetivo",
  },
  results: {
    ok: "correcto",
    skipped: "omitida, no se ejecutó",
    running: "aún en curso",
    bad_arguments: "rechazada: argumentos incorrectos",
    not_found: "no se encontró nada",
    conflict: "rechazada: hay otro valor guardado",
    range_too_large: "rechazada: intervalo demasiado grande",
    unavailable: "falló: almacenamiento no disponible",
    write_failed: "falló: no se guardó nada",
    outcome_unknown: "resultado desconocido",
    idempotency_key_reused: "rechazada: clave ya usada",
    forbidden: "rechazada: no permitido",
    internal: "falló: error interno",
  },
  filters: {
    legend: "Mostrar solo",
    outcome: "Resultado",
    tool: "Herramienta",
    anyOutcome: "Cualquier resultado",
    anyTool: "Cualquier herramienta",
    apply: "Mostrar",
    clear: "Quitar los filtros",
    shown: "Turnos mostrados: {count}",
    noMatch: "Ningún turno coincide con estos filtros.",
  },
  message: "Mensaje",
  toolsColumn: "Herramientas usadas",
  noTools: "Ninguna herramienta",
  unresolved: "Aún sin comprobar",
  unresolvedNotSaved: "Aún sin guardar",
  untraceableMark: "Números que no salen de los registros: {count}",
  faultMark: "Fallo de QA inyectado",
  faultsFact: "Fallos de QA inyectados",
  noFaults: "Ninguno: cada fallo aquí fue real",
  fault: "{mode} en {target}",
  targets: { read: "lecturas", write: "escrituras" },
  conversationTitle: "Qué se dijo",
  speakers: { user: "Tú", model: "Coach", harness: "Palestra (detuvo el turno)" },
  emptyMessage: "(sin texto)",
  requestsTable: "Peticiones al modelo, una fila por ronda",
};

const pt: OperatorText = {
  areaLabel: "Operação",
  navigationLabel: "Páginas de operação",
  title: "Operação",
  intro: "Páginas para quem administra e testa esta instância: o que cada turno fez, os números e falhas de armazenamento para testar.",
  overview: "Resumo",
  tracesDescription: "Cada turno seu: o que foi dito, quais ferramentas rodaram, como terminou e o que houve com um salvamento incerto.",
  metricsDescription: "Resultados de ferramentas, de turnos e requisições ao modelo dos últimos 30 dias (só administradores).",
  qaDescription: "Ative falhas de armazenamento na sua própria conta e veja o que o Coach faz (só no modo QA).",
  tools: {
    read_measurement: "Ler uma medida",
    list_measurements: "Listar medidas",
    save_measurement: "Salvar uma medida",
    get_trend: "Calcular a tendência",
    set_goal: "Definir uma meta",
  },
  results: {
    ok: "concluída",
    skipped: "ignorada, não executada",
    running: "ainda em andamento",
    bad_arguments: "recusada: argumentos inválidos",
    not_found: "nada encontrado",
    conflict: "recusada: há outro valor guardado",
    range_too_large: "recusada: intervalo grande demais",
    unavailable: "falhou: armazenamento indisponível",
    write_failed: "falhou: nada foi salvo",
    outcome_unknown: "resultado desconhecido",
    idempotency_key_reused: "recusada: chave já usada",
    forbidden: "recusada: não permitido",
    internal: "falhou: erro interno",
  },
  filters: {
    legend: "Mostrar só",
    outcome: "Resultado",
    tool: "Ferramenta",
    anyOutcome: "Qualquer resultado",
    anyTool: "Qualquer ferramenta",
    apply: "Mostrar",
    clear: "Limpar os filtros",
    shown: "Turnos mostrados: {count}",
    noMatch: "Nenhum turno corresponde a estes filtros.",
  },
  message: "Mensagem",
  toolsColumn: "Ferramentas usadas",
  noTools: "Nenhuma ferramenta",
  unresolved: "Ainda não verificado",
  unresolvedNotSaved: "Ainda não salvo",
  untraceableMark: "Números que não vêm dos registros: {count}",
  faultMark: "Falha de QA injetada",
  faultsFact: "Falhas de QA injetadas",
  noFaults: "Nenhuma: cada falha aqui foi real",
  fault: "{mode} em {target}",
  targets: { read: "leituras", write: "gravações" },
  conversationTitle: "O que foi dito",
  speakers: { user: "Você", model: "Coach", harness: "Palestra (parou o turno)" },
  emptyMessage: "(sem texto)",
  requestsTable: "Requisições ao modelo, uma linha por rodada",
};

export const operatorText: Record<Locale, OperatorText> = { en, es, pt };

/** "Save a measurement", or the wire name of a tool this list does not know. */
export function toolLabel(name: string, text: OperatorText): string {
  return (text.tools as Record<string, string>)[name] ?? name;
}

/** "refused: bad arguments": an error code's words, else the status's, else the code itself. */
export function toolResultLabel(call: { status: string; error?: string | null }, text: OperatorText): string {
  const results = text.results as Record<string, string>;
  const code = call.error || call.status;
  return results[code] ?? code;
}
