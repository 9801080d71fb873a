// The QA fault toggle's strings in en, es and pt (part of the UI dictionary); mode names stay as their stable codes.
import type { FaultMode, FaultTarget } from "@/lib/faults/fault-modes";
import type { PluralText } from "./format";
import type { Locale } from "./locale";

type QaText = {
  title: string;
  intro: string;
  armTitle: string;
  mode: string;
  target: string;
  targets: Record<FaultTarget, string>;
  count: string;
  countHint: string;
  arm: string;
  arming: string;
  modes: Record<FaultMode, string>;
  armedTitle: string;
  noneArmed: string;
  remaining: PluralText;
  untilCleared: string;
  clear: string;
  clearLabel: string;
  clearAll: string;
  armed: string;
  cleared: PluralText;
  invalid: string;
  banner: string;
  bannerLink: string;
};

const en: QaText = {
  title: "QA: storage faults",
  intro: "Make your own account's storage fail on purpose, then watch what the Coach does. Faults affect only your account.",
  armTitle: "Arm a fault",
  mode: "Mode",
  target: "Target",
  targets: { read: "reads", write: "writes" },
  count: "Storage attempts",
  countHint: "Leave empty to keep it armed until cleared (transient: 1 attempt). A tool's internal retry is a new attempt.",
  arm: "Arm",
  arming: "Arming…",
  modes: {
    transient: "Fails the first read attempts, then works: the tool retries and succeeds.",
    unavailable: "Every read attempt fails: the tool answers unavailable.",
    fail_before_commit: "Throws inside the transaction, which is rolled back: write_failed, nothing stored.",
    lost_ack: "Commits, then throws before answering: outcome_unknown, yet the record IS stored.",
    timeout: "Hangs past the tool deadline: outcome_unknown.",
    slow: "Adds latency; still succeeds within the budget.",
  },
  armedTitle: "Armed faults",
  noneArmed: "No fault is armed.",
  remaining: { one: "{count} attempt left", other: "{count} attempts left" },
  untilCleared: "until cleared",
  clear: "Clear",
  clearLabel: "Clear {mode} on {target}",
  clearAll: "Clear all",
  armed: "Armed {mode} on {target}.",
  cleared: { one: "Cleared {count} fault.", other: "Cleared {count} faults." },
  invalid: "This mode does not apply to this target, or the count is not a whole number from 1 to 1000.",
  banner: "QA: storage faults are armed for your account ({faults}).",
  bannerLink: "Manage faults",
};

const es: QaText = {
  title: "QA: fallos de almacenamiento",
  intro: "Haz fallar a propósito el almacenamiento de tu propia cuenta y observa qué hace el Coach. Los fallos solo afectan a tu cuenta.",
  armTitle: "Activar un fallo",
  mode: "Modo",
  target: "Objetivo",
  targets: { read: "lecturas", write: "escrituras" },
  count: "Intentos de almacenamiento",
  countHint: "Déjalo vacío para mantenerlo activo hasta que lo quites (transient: 1 intento). El reintento interno de una herramienta es un intento nuevo.",
  arm: "Activar",
  arming: "Activando…",
  modes: {
    transient: "Fallan los primeros intentos de lectura y luego funciona: la herramienta reintenta y lo consigue.",
    unavailable: "Todos los intentos de lectura fallan: la herramienta responde unavailable.",
    fail_before_commit: "Lanza un error dentro de la transacción, que se deshace: write_failed, no se guarda nada.",
    lost_ack: "Confirma y luego lanza un error antes de responder: outcome_unknown, pero el registro SÍ se guarda.",
    timeout: "Se bloquea más allá del plazo de la herramienta: outcome_unknown.",
    slow: "Añade latencia; aun así termina dentro del presupuesto.",
  },
  armedTitle: "Fallos activos",
  noneArmed: "No hay ningún fallo activo.",
  remaining: { one: "queda {count} intento", other: "quedan {count} intentos" },
  untilCleared: "hasta quitarlo",
  clear: "Quitar",
  clearLabel: "Quitar {mode} en {target}",
  clearAll: "Quitar todos",
  armed: "Activado {mode} en {target}.",
  cleared: { one: "Se quitó {count} fallo.", other: "Se quitaron {count} fallos." },
  invalid: "Este modo no se aplica a este objetivo, o el número no es un entero de 1 a 1000.",
  banner: "QA: hay fallos de almacenamiento activos en tu cuenta ({faults}).",
  bannerLink: "Gestionar fallos",
};

const pt: QaText = {
  title: "QA: falhas de armazenamento",
  intro: "Faça o armazenamento da sua própria conta falhar de propósito e veja o que o Coach faz. As falhas afetam só a sua conta.",
  armTitle: "Ativar uma falha",
  mode: "Modo",
  target: "Alvo",
  targets: { read: "leituras", write: "gravações" },
  count: "Tentativas de armazenamento",
  countHint: "Deixe vazio para mantê-la ativa até ser removida (transient: 1 tentativa). A nova tentativa interna de uma ferramenta é uma nova tentativa.",
  arm: "Ativar",
  arming: "Ativando…",
  modes: {
    transient: "Falham as primeiras tentativas de leitura e depois funciona: a ferramenta tenta de novo e consegue.",
    unavailable: "Todas as tentativas de leitura falham: a ferramenta responde unavailable.",
    fail_before_commit: "Lança um erro dentro da transação, que é desfeita: write_failed, nada é salvo.",
    lost_ack: "Confirma e depois lança um erro antes de responder: outcome_unknown, mas o registro É salvo.",
    timeout: "Trava além do prazo da ferramenta: outcome_unknown.",
    slow: "Adiciona latência; ainda assim termina dentro do orçamento.",
  },
  armedTitle: "Falhas ativas",
  noneArmed: "Nenhuma falha está ativa.",
  remaining: { one: "resta {count} tentativa", other: "restam {count} tentativas" },
  untilCleared: "até ser removida",
  clear: "Remover",
  clearLabel: "Remover {mode} em {target}",
  clearAll: "Remover todas",
  armed: "{mode} ativada em {target}.",
  cleared: { one: "{count} falha removida.", other: "{count} falhas removidas." },
  invalid: "Este modo não se aplica a este alvo, ou o número não é um inteiro de 1 a 1000.",
  banner: "QA: há falhas de armazenamento ativas na sua conta ({faults}).",
  bannerLink: "Gerenciar falhas",
};

export const qaText: Record<Locale, QaText> = { en, es, pt };
