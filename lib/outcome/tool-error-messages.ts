// Prose for the world's and the system's tool errors, in en, es and pt: what happened, its scope, and what it does NOT mean.
import type { Locale } from "@/lib/i18n/locale";

/** Values by field name (the domain's MeasurementValues fit this). */
type MeasurementValues = Readonly<Record<string, number | undefined>>;

const formatValues = (values: MeasurementValues) =>
  Object.entries(values)
    .map(([field, value]) => `${field} ${value}`)
    .join(", ");

type Catalogue = {
  notFound: (p: { date: string }) => string;
  unavailableRead: (p: { scope: string; attempts: number }) => string;
  conflict: (p: { date: string; stored: MeasurementValues; proposed: MeasurementValues }) => string;
  rangeTooLarge: (p: { from: string; to: string; days: number; maxDays: number }) => string;
  writeFailed: (p: { date: string }) => string;
  outcomeUnknown: (p: { date: string; idempotencyKey: string }) => string;
  idempotencyKeyReused: () => string;
  goalWriteFailed: (p: { field: string }) => string;
  goalOutcomeUnknown: (p: { field: string; idempotencyKey: string }) => string;
  forbidden: () => string;
  /** An API key with the `read` scope asked for a write (over MCP). */
  readOnlyKey: (p: { tool: string }) => string;
  internal: () => string;
};

const en: Catalogue = {
  notFound: ({ date }) => `There is no measurement record for ${date}. This does not tell whether records exist on other dates.`,
  unavailableRead: ({ scope, attempts }) =>
    `The measurements for ${scope} could not be read right now (${attempts} attempts). Their content is unknown: this does not mean there is no record.`,
  conflict: ({ date, stored, proposed }) =>
    `${date} already holds ${formatValues(stored)}; saving ${formatValues(proposed)} would overwrite it. Nothing was written. Ask the user, then call again with "replace": true to overwrite.`,
  rangeTooLarge: ({ from, to, days, maxDays }) =>
    `The range ${from} to ${to} covers ${days} days; at most ${maxDays} days can be listed at once. Nothing was read. Split it into smaller ranges.`,
  writeFailed: ({ date }) => `The measurement for ${date} was not saved: the storage refused the write, so nothing was changed. It is safe to try again later.`,
  outcomeUnknown: ({ date, idempotencyKey }) =>
    `Saving the measurement for ${date} could not be confirmed: it may or may not have been stored. It was not repeated, to avoid a duplicate. Check it later by its idempotency key ${idempotencyKey} or by reading ${date}.`,
  idempotencyKeyReused: () => `This idempotency key was already used with different arguments. Nothing was executed.`,
  goalWriteFailed: ({ field }) => `The goal for ${field} was not saved: the storage refused the write, so nothing was changed. It is safe to try again later.`,
  goalOutcomeUnknown: ({ field, idempotencyKey }) =>
    `Saving the goal for ${field} could not be confirmed: it may or may not have been stored. It was not repeated, to avoid a duplicate. Check it later by its idempotency key ${idempotencyKey} or with get_trend.`,
  forbidden: () => `This action is not allowed for this user. Nothing was executed.`,
  readOnlyKey: ({ tool }) =>
    `This API key may only read, so ${tool} was not run and nothing was saved. The person can create a key with the read_write scope on their account page; do not retry with this key.`,
  internal: () => `The tool failed unexpectedly while reading. The data is unknown: this does not mean there is no record.`,
};

const es: Catalogue = {
  notFound: ({ date }) => `No hay ningún registro de medidas para ${date}. Esto no indica si existen registros en otras fechas.`,
  unavailableRead: ({ scope, attempts }) =>
    `Las medidas de ${scope} no se pudieron leer ahora (${attempts} intentos). Su contenido es desconocido: esto no significa que no haya registro.`,
  conflict: ({ date, stored, proposed }) =>
    `${date} ya tiene ${formatValues(stored)}; guardar ${formatValues(proposed)} lo sobrescribiría. No se escribió nada. Pregunta al usuario y llama de nuevo con "replace": true para sobrescribir.`,
  rangeTooLarge: ({ from, to, days, maxDays }) =>
    `El rango de ${from} a ${to} abarca ${days} días; se pueden listar como máximo ${maxDays} días a la vez. No se leyó nada. Divídelo en rangos más pequeños.`,
  writeFailed: ({ date }) =>
    `La medida de ${date} no se guardó: el almacenamiento rechazó la escritura, así que no cambió nada. Se puede intentar de nuevo más tarde.`,
  outcomeUnknown: ({ date, idempotencyKey }) =>
    `No se pudo confirmar el guardado de la medida de ${date}: puede que se haya guardado o no. No se repitió, para evitar un duplicado. Compruébalo más tarde con su clave de idempotencia ${idempotencyKey} o leyendo ${date}.`,
  idempotencyKeyReused: () => `Esta clave de idempotencia ya se usó con otros argumentos. No se ejecutó nada.`,
  goalWriteFailed: ({ field }) =>
    `El objetivo de ${field} no se guardó: el almacenamiento rechazó la escritura, así que no cambió nada. Se puede intentar de nuevo más tarde.`,
  goalOutcomeUnknown: ({ field, idempotencyKey }) =>
    `No se pudo confirmar el guardado del objetivo de ${field}: puede que se haya guardado o no. No se repitió, para evitar un duplicado. Compruébalo más tarde con su clave de idempotencia ${idempotencyKey} o con get_trend.`,
  forbidden: () => `Esta acción no está permitida para este usuario. No se ejecutó nada.`,
  readOnlyKey: ({ tool }) =>
    `Esta clave de API solo permite leer, así que ${tool} no se ejecutó y no se guardó nada. La persona puede crear una clave con el alcance read_write en su página de cuenta; no lo reintentes con esta clave.`,
  internal: () => `La herramienta falló de forma inesperada al leer. Los datos son desconocidos: esto no significa que no haya registro.`,
};

const pt: Catalogue = {
  notFound: ({ date }) => `Não há registro de medidas para ${date}. Isso não diz se existem registros em outras datas.`,
  unavailableRead: ({ scope, attempts }) =>
    `As medidas de ${scope} não puderam ser lidas agora (${attempts} tentativas). O conteúdo é desconhecido: isso não significa que não há registro.`,
  conflict: ({ date, stored, proposed }) =>
    `${date} já tem ${formatValues(stored)}; salvar ${formatValues(proposed)} o substituiria. Nada foi gravado. Pergunte ao usuário e chame de novo com "replace": true para substituir.`,
  rangeTooLarge: ({ from, to, days, maxDays }) =>
    `O intervalo de ${from} a ${to} cobre ${days} dias; no máximo ${maxDays} dias podem ser listados de uma vez. Nada foi lido. Divida-o em intervalos menores.`,
  writeFailed: ({ date }) => `A medida de ${date} não foi salva: o armazenamento recusou a gravação, então nada mudou. É seguro tentar de novo mais tarde.`,
  outcomeUnknown: ({ date, idempotencyKey }) =>
    `Não foi possível confirmar se a medida de ${date} foi salva: ela pode ou não ter sido gravada. Não foi repetida, para evitar duplicidade. Verifique depois pela chave de idempotência ${idempotencyKey} ou lendo ${date}.`,
  idempotencyKeyReused: () => `Esta chave de idempotência já foi usada com outros argumentos. Nada foi executado.`,
  goalWriteFailed: ({ field }) => `A meta de ${field} não foi salva: o armazenamento recusou a gravação, então nada mudou. É seguro tentar de novo mais tarde.`,
  goalOutcomeUnknown: ({ field, idempotencyKey }) =>
    `Não foi possível confirmar se a meta de ${field} foi salva: ela pode ou não ter sido gravada. Não foi repetida, para evitar duplicidade. Verifique depois pela chave de idempotência ${idempotencyKey} ou com get_trend.`,
  forbidden: () => `Esta ação não é permitida para este usuário. Nada foi executado.`,
  readOnlyKey: ({ tool }) =>
    `Esta chave de API só permite ler, então ${tool} não foi executada e nada foi salvo. A pessoa pode criar uma chave com o escopo read_write na página da conta; não tente de novo com esta chave.`,
  internal: () => `A ferramenta falhou inesperadamente ao ler. Os dados são desconhecidos: isso não significa que não há registro.`,
};

export const toolErrorMessages: Record<Locale, Catalogue> = { en, es, pt };
