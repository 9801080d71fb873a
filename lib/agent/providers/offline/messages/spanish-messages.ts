// Spanish answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 registro" : `${count} registros`);

export const spanishMessages: OfflineMessages = {
  fieldLabels: {
    weight_kg: "peso",
    body_fat_pct: "grasa corporal",
    neck_cm: "cuello",
    chest_cm: "pecho",
    waist_cm: "cintura",
    hips_cm: "cadera",
    biceps_cm: "bíceps",
    quadriceps_cm: "cuádriceps",
    calf_cm: "pantorrilla",
    height_cm: "altura",
  },
  monthNames: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  formatDate: ({ day, month, year }) => `${day} de ${month} de ${year}`,
  decimalSeparator: ",",
  percentSign: " %",
  recordOn: (date, values) => `El ${date} tienes: ${values}.`,
  recordWithoutValues: (date) => `Hay un registro para el ${date}, pero no contiene valores.`,
  note: (note) => `Nota: «${note}».`,
  noRecordOn: (date) => `No hay ningún registro de medidas para el ${date}.`,
  noRecordOnEither: (first, second) =>
    `No hay ningún registro de medidas ni para el ${first} ni para el ${second}.`,
  otherDatesUnknown: "Eso no dice nada de otras fechas.",
  unreadable: (date) =>
    `Ahora mismo no puedo leer tus medidas del ${date}, así que no se sabe qué hay guardado en esa fecha. Puede que sí tenga un registro; inténtalo más tarde.`,
  fallbackNotTried: (date) => `No he consultado el ${date}, porque la primera fecha todavía puede tener un registro.`,
  rangeRecords: (from, to, count) => `Del ${from} al ${to} tienes ${records(count)}:`,
  rangeEarlierOmitted: (count) => `…y ${records(count)} anteriores a estos.`,
  rangeEmpty: (from, to) => `No hay ningún registro de medidas del ${from} al ${to}: se leyó todo el intervalo y está vacío.`,
  rangeMaybeIncomplete: "Puede que esta lista esté incompleta.",
  rangeUnreadable: (from, to) =>
    `Ahora mismo no puedo leer tus medidas del ${from} al ${to}, así que no se sabe qué hay guardado. Inténtalo más tarde.`,
  rangeNarrowed: (maxDays) => `Ese intervalo es más largo de lo que puedo listar de una vez (como máximo ${maxDays} días), así que listé la parte más reciente.`,
  saved: (date, values) => `Guardado para el ${date}: ${values}.`,
  savedOnExistingRecord: (date, values) => `El ${date} ya tenía un registro; ahora contiene ${values}.`,
  replaced: (date, values) => `Reemplazado. El ${date} ahora contiene ${values}.`,
  conflictQuestion: ({ date, stored, requested }) =>
    `${stored ? `El ${date} ya tiene guardado ${stored}` : `El ${date} ya tiene otro valor guardado`} y pediste guardar ${requested}. ` +
    `¿Quieres que lo reemplace? Responde «sí, reemplázalo» para confirmar.`,
  writeFailed: (date) => `No se pudo guardar el ${date} y no se guardó nada. Puedes intentarlo de nuevo.`,
  outcomeUnknown: (date) =>
    `No puedo confirmar si se completó el guardado del ${date}. No lo he repetido para no duplicarlo; revisa tus medidas antes de pedirlo otra vez.`,
  stopped: "No pude completar esa petición, así que me detuve aquí.",
  rejected: (reason) => (reason ? `La petición fue rechazada y no pude corregirla (${reason}).` : "La petición fue rechazada y no pude corregirla."),
  nothingToReplace: "No hay ningún cambio pendiente que reemplazar. Dime qué guardar, por ejemplo «guarda peso 77,4 kg para el 2020-01-04».",
  keptStoredValue: "De acuerdo, dejé el valor guardado como estaba.",
  help: [
    "Soy el coach sin conexión de Palestra: un asistente basado en reglas, no un modelo de lenguaje. Puedo:",
    "- leer una fecha: «¿cuánto pesaba el 2 de enero de 2020?»",
    "- leer con una fecha alternativa: «¿cuánto pesaba el 2 de enero de 2020? si no hay nada, prueba el 1»",
    "- guardar valores: «hoy pesé 77,4 kg», «guarda cintura 82 cm para el 2020-01-04, nota: después de vacaciones»",
    "- listar un intervalo: «muestra mis medidas del 2020-01-01 al 2020-01-31», «enero de 2020», «últimos 30 días»",
    "- reemplazar un valor guardado cuando te lo pregunte: «sí, reemplázalo»",
  ].join("\n"),
};
