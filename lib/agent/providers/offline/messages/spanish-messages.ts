// Spanish answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 registro" : `${count} registros`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  fieldSubjects: {
    weight_kg: "el peso",
    body_fat_pct: "la grasa corporal",
    neck_cm: "el cuello",
    chest_cm: "el pecho",
    waist_cm: "la cintura",
    hips_cm: "la cadera",
    biceps_cm: "el bíceps",
    quadriceps_cm: "el cuádriceps",
    calf_cm: "la pantorrilla",
    height_cm: "la altura",
  },
  quote: (text) => `«${text}»`,
  percentSign: " %",
  recordOn: (date, values) => `El ${date} tienes: ${values}.`,
  recordWithoutValues: (date) => `Hay un registro para el ${date}, pero no contiene valores.`,
  note: (note) => `Nota: «${note}».`,
  noRecordOn: (date) => `No hay ningún registro de medidas para el ${date}.`,
  noRecordOnEither: (first, second) => `No hay ningún registro de medidas ni para el ${first} ni para el ${second}.`,
  otherDatesUnknown: "Eso no dice nada de otras fechas.",
  unreadable: (date) =>
    `Ahora mismo no puedo leer tus medidas del ${date}, así que no se sabe qué hay guardado en esa fecha. Puede que sí tenga un registro; inténtalo más tarde.`,
  fallbackNotTried: (date) => `No he consultado el ${date}, porque la primera fecha todavía puede tener un registro.`,
  rangeRecords: (from, to, count) => `Del ${from} al ${to} tienes ${records(count)}:`,
  rangeEarlierOmitted: (count) => `…y ${records(count)} anteriores a estos.`,
  rangeEmpty: (from, to) => `No hay ningún registro de medidas del ${from} al ${to}: se leyó todo el intervalo y está vacío.`,
  rangeMaybeIncomplete: "Puede que esta lista esté incompleta.",
  rangeUnreadable: (from, to) => `Ahora mismo no puedo leer tus medidas del ${from} al ${to}, así que no se sabe qué hay guardado. Inténtalo más tarde.`,
  rangeNarrowed: (maxDays) =>
    `Ese intervalo es más largo de lo que puedo listar de una vez (como máximo ${maxDays} días), así que listé la parte más reciente.`,
  saved: (date, values, today) => `Guardado para ${today ? `hoy, ${date}` : `el ${date}`}: ${values}.`,
  addedToRecord: ({ date, today, added, unchanged }) =>
    `Añadí ${added} ${today ? `a hoy, ${date}` : `al ${date}`}${unchanged ? `; ${unchanged} ${unchanged.includes(",") ? "siguen" : "sigue"} igual` : ""}.`,
  alreadySaved: ({ date, today, values }) => `Ya estaba guardado: ${today ? `hoy, ${date},` : `el ${date}`} tiene ${values}. No cambió nada.`,
  replaced: (date, changes) => `Reemplacé ${changes} el ${date}.`,
  replacedValue: ({ label, from, to }) => `${label} ${from} por ${to}`,
  conflictQuestion: ({ date, today, stored, requested }) =>
    `${today ? `Hoy, ${date}, ya hay` : `El ${date} ya tiene`} ${stored ? `guardado ${stored}` : "otro valor guardado"}; pediste guardar ${requested}. ` +
    `¿Quieres que lo reemplace? Responde «sí, reemplázalo» para confirmar, o «mantenlo» para dejarlo como está.`,
  writeFailed: (date) => `No se pudo guardar el ${date} y no se guardó nada. Puedes intentarlo de nuevo.`,
  outcomeUnknown: (date) =>
    `No puedo confirmar si se completó el guardado del ${date}. No lo he repetido para no duplicarlo; revisa tus medidas antes de pedirlo otra vez.`,
  stopped: "No pude completar esa petición, así que me detuve aquí.",
  futureSave: (date, today) => `No puedo registrar una medida para el ${date}: esa fecha está en el futuro (hoy es ${today}). No se guardó nada.`,
  futureRead: (date, today) => `El ${date} está en el futuro (hoy es ${today}), así que todavía no puede haber medidas de ese día.`,
  outOfRange: ({ label, min, max, sent }) => `${capitalize(label)} debe estar entre ${min} y ${max}; enviaste ${sent}. No se guardó nada.`,
  tooPrecise: (label, sent) => `${capitalize(label)} admite como máximo un decimal; enviaste ${sent}. No se guardó nada.`,
  notANumber: (label, sent) => `${capitalize(label)} debe ser un número, y no pude leer ninguno en «${sent}». No se guardó nada.`,
  unknownMeasurement: (names) => `No conozco la medida «${names}», así que no se guardó nada.`,
  dateNotUnderstood: (sent) => `No pude usar «${sent}» como fecha, así que no hice nada. Dime el día y el nombre del mes.`,
  rejected: "Esa petición fue rechazada y no pude corregirla, así que no cambió nada.",
  misspelledDate: (text, date, suggestion) =>
    `No conozco la fecha «${text}», así que no hice nada. ¿Quisiste decir ${suggestion ? `${suggestion}, ` : "el "}${date}?`,
  futureYearless: (future, lastYear) => `El ${future} está en el futuro, así que no hice nada. ¿Quisiste decir el ${lastYear}?`,
  declinedQuestion: "De acuerdo, no guardé nada. Dime la fecha o el valor de nuevo cuando quieras.",
  unknownDate: (text) =>
    `No sé qué día es «${text}», así que no hice nada. Dime la fecha, por ejemplo «ayer», «el viernes pasado» o el día y el nombre del mes.`,
  ambiguousDate: (text, first, second) =>
    `«${text}» puede ser el ${first} o el ${second}, así que no hice nada. ¿Cuál quieres decir? Escribir el nombre del mes evita la duda.`,
  impossibleDate: (text) => `«${text}» no es una fecha que exista, así que no hice nada. Revisa el día y el mes.`,
  futureWithoutDay: (text) => `No puedo registrar ni consultar medidas del futuro («${text}»). Dime un día hasta hoy.`,
  severalDates: (dates) => `Tu mensaje nombra más de un día (${dates}), así que no guardé nada. Envía un día por mensaje.`,
  rangeInSave: (text) => `«${text}» es un periodo, no un día, así que no guardé nada. ¿Qué día fue?`,
  unknownUnit: (text) => `No conozco la unidad de «${text}», así que no guardé nada. Dame el peso en kg o lb y las medidas en cm o pulgadas.`,
  unitMismatch: (label, text) => `«${text}» no es una unidad de ${label}, así que no guardé nada. Revisa el valor y su unidad.`,
  noField: (text) => `No sé a qué medida corresponde «${text}», así que no guardé nada. Dime su nombre, por ejemplo «cintura ${text}».`,
  twoValues: (label, texts) => `Diste más de un valor de ${label} (${texts}), así que no guardé nada. ¿Cuál guardo?`,
  mixedUnits: (dimension) =>
    dimension === "mass"
      ? "Da todos los pesos de un mensaje en la misma unidad (kg o lb); no guardé nada."
      : "Da todas las medidas de un mensaje en la misma unidad (cm o pulgadas); no guardé nada.",
  relativeChange: (text) => `Registro medidas, no cambios («${text}»), así que no guardé nada. Dime la medida en sí y la guardo.`,
  approximate: (text) => `«${text}» no es un solo valor, así que no guardé nada. ¿Qué valor exacto guardo?`,
  cannotDelete: "No puedo borrar medidas desde el chat y no cambié nada. Puedes borrar un registro en la página de Medidas.",
  nothingToConfirm: "No hay nada que confirmar: mi mensaje anterior no preguntaba si reemplazar un valor. Dime qué quieres guardar.",
  keptStoredValue: "De acuerdo, dejé el valor guardado como estaba.",
  replaceButton: (changes) => `Reemplazar ${changes}`,
  keepButton: (values) => `Mantener ${values}`,
  yes: "Sí",
  no: "No",
  greeting: "¡Hola! Dime una medida para guardar o pregúntame cómo vas.",
  thanks: "¡De nada!",
  help: (recentDay) =>
    [
      "Soy el coach integrado de Palestra, un asistente basado en reglas (sin modelo de IA). Puedo guardar tus medidas, leer una fecha, " +
        "listar un periodo (por ejemplo «la semana pasada») y decirte cómo cambió una medida («¿cómo voy?»). Aquí no puedo borrar registros.",
      `Por ejemplo: «pesé 77,4 kg el ${recentDay}».`,
    ].join("\n"),
};
