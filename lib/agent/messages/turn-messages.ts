// The fixed, localized messages the harness writes itself when it ends a turn without asking the model again. A person
// reads them as the Coach's answer, so they are plain language: dates in words, no tool names or error codes.
import { formatCalendarDate } from "@/lib/i18n/format-calendar-date";
import type { Locale } from "@/lib/i18n/locale";
import type { ProviderFailureKind } from "../providers/types";

type Catalogue = {
  outcomeUnknown: (p: { date?: string }) => string;
  writeFailed: (p: { date?: string }) => string;
  idempotencyKeyReused: () => string;
  forbidden: () => string;
  repeatedFailure: (p: { tool: string; code: string }) => string;
  roundLimit: (p: { limit: number }) => string;
  provider: (p: { kind: ProviderFailureKind }) => string;
  internalError: () => string;
};

/** " for 4 January 2020": the date (YYYY-MM-DD from the tool's details) as the language writes it. */
const on = (locale: Locale, date?: string, word = "for") => (date ? ` ${word} ${formatCalendarDate(date, locale)}` : "");

/** What each tool was doing, for a stop that names no tool or code. */
const actions: Record<Locale, Record<string, string>> = {
  en: { save_measurement: "Saving your measurement", read_measurement: "Reading your measurements", list_measurements: "Listing your measurements" },
  es: { save_measurement: "Guardar tu medida", read_measurement: "Leer tus medidas", list_measurements: "Listar tus medidas" },
  pt: { save_measurement: "Salvar sua medida", read_measurement: "Ler suas medidas", list_measurements: "Listar suas medidas" },
};
const fallbackAction: Record<Locale, string> = { en: "The same step", es: "El mismo paso", pt: "O mesmo passo" };
const actionOf = (locale: Locale, tool: string) => actions[locale][tool] ?? fallbackAction[locale];

const en: Catalogue = {
  outcomeUnknown: ({ date }) =>
    `I could not confirm whether the measurement${on("en", date)} was saved. I did not try again, so that it cannot be saved twice. Use "Check whether it was saved" on the save, or look at your measurements page.`,
  writeFailed: ({ date }) => `The measurement${on("en", date)} was not saved: storage refused the write and nothing was changed. You can try again later.`,
  idempotencyKeyReused: () => `I stopped: this save repeated an earlier request with different values, so nothing was done. Please send the measurement again.`,
  forbidden: () => `I stopped: that action is not allowed for your account. Nothing was changed.`,
  repeatedFailure: ({ tool }) =>
    `I stopped: ${actionOf("en", tool).toLowerCase()} failed twice in the same way, so I did not try a third time. Nothing else was changed.`,
  roundLimit: ({ limit }) => `I stopped after ${limit} steps without reaching an answer. Please rephrase or split the request.`,
  provider: ({ kind }) =>
    kind === "auth"
      ? "The model service rejected Palestra's API key, so the Coach cannot answer. Ask the administrator to check the key. None of your data was changed by this."
      : "The model service is unavailable right now, so the Coach could not answer. None of your data was changed by this. Please try again in a moment.",
  internalError: () => "Something went wrong on our side while running this turn. It was logged; none of your data was changed by the failed step.",
};

const es: Catalogue = {
  outcomeUnknown: ({ date }) =>
    `No pude confirmar si la medida${on("es", date, "del")} se guardó. No lo intenté de nuevo, para que no pueda guardarse dos veces. Usa «Comprobar si se guardó» en el guardado, o mira tu página de medidas.`,
  writeFailed: ({ date }) =>
    `La medida${on("es", date, "del")} no se guardó: el almacenamiento rechazó la escritura y no cambió nada. Puedes intentarlo más tarde.`,
  idempotencyKeyReused: () => `Me detuve: este guardado repetía una petición anterior con otros valores, así que no se hizo nada. Envía la medida de nuevo.`,
  forbidden: () => `Me detuve: esa acción no está permitida para tu cuenta. No cambió nada.`,
  repeatedFailure: ({ tool }) =>
    `Me detuve: ${actionOf("es", tool).toLowerCase()} falló dos veces de la misma forma, así que no lo intenté una tercera vez. No cambió nada más.`,
  roundLimit: ({ limit }) => `Me detuve tras ${limit} pasos sin llegar a una respuesta. Reformula o divide la petición.`,
  provider: ({ kind }) =>
    kind === "auth"
      ? "El servicio del modelo rechazó la clave de API de Palestra, así que el Coach no puede responder. Pide al administrador que revise la clave. Esto no cambió ninguno de tus datos."
      : "El servicio del modelo no está disponible ahora, así que el Coach no pudo responder. Esto no cambió ninguno de tus datos. Inténtalo de nuevo en un momento.",
  internalError: () => "Algo falló de nuestro lado al ejecutar este turno. Quedó registrado; el paso fallido no cambió ninguno de tus datos.",
};

const pt: Catalogue = {
  outcomeUnknown: ({ date }) =>
    `Não consegui confirmar se a medida${on("pt", date, "de")} foi salva. Não tentei de novo, para que não seja salva duas vezes. Use «Verificar se foi salva» no salvamento, ou veja a sua página de medidas.`,
  writeFailed: ({ date }) =>
    `A medida${on("pt", date, "de")} não foi salva: o armazenamento recusou a gravação e nada mudou. Você pode tentar de novo mais tarde.`,
  idempotencyKeyReused: () => `Parei: este salvamento repetia um pedido anterior com outros valores, então nada foi feito. Envie a medida de novo.`,
  forbidden: () => `Parei: essa ação não é permitida para a sua conta. Nada mudou.`,
  repeatedFailure: ({ tool }) =>
    `Parei: ${actionOf("pt", tool).toLowerCase()} falhou duas vezes da mesma forma, então não tentei uma terceira vez. Nada mais mudou.`,
  roundLimit: ({ limit }) => `Parei depois de ${limit} passos sem chegar a uma resposta. Reformule ou divida o pedido.`,
  provider: ({ kind }) =>
    kind === "auth"
      ? "O serviço do modelo recusou a chave de API do Palestra, então o Coach não pode responder. Peça ao administrador para verificar a chave. Nenhum dos seus dados foi alterado por isso."
      : "O serviço do modelo está indisponível agora, então o Coach não pôde responder. Nenhum dos seus dados foi alterado por isso. Tente de novo em instantes.",
  internalError: () => "Algo deu errado do nosso lado ao executar este turno. Foi registrado; o passo que falhou não alterou nenhum dos seus dados.",
};

export const turnMessages: Record<Locale, Catalogue> = { en, es, pt };
