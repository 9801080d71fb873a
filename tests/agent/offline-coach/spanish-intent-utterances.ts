// Spanish rows of the offline coach's utterance table from its intents on: questions about records and trends, the third
// wave of offline-coach.md §5 (misspellings, answers to the coach's questions, what changed) and goals. Today is Tuesday 1 December 2026.
import { misspelledDateUtterances } from "./misspelled-date-utterances";
import type { UtteranceCase } from "./utterance-case";
import { conflictSeed, save, steady, today77, weighs } from "./utterance-seeds";

const conflict = { seed: conflictSeed, after: ["guarda peso 77,4 kg para el 2020-01-04"] };

export const spanishIntentUtterances: UtteranceCase[] = [
  // Intenciones (sección 3).
  {
    say: "¿cuánto pesé el lunes?",
    seed: { "2026-11-30": { weight_kg: 77.2 } },
    calls: [["read_measurement", { date: "2026-11-30" }, "ok"]],
    reply: ["El 30 de noviembre de 2026 tienes: peso 77,2 kg."],
  },
  {
    say: "¿Cuánto pesaba el 2 de noviembre? Si no hay nada, prueba el 1.",
    seed: { "2026-11-01": { weight_kg: 76 } },
    calls: [
      ["read_measurement", { date: "2026-11-02" }, "not_found"],
      ["read_measurement", { date: "2026-11-01" }, "ok"],
    ],
    reply: ["No hay ningún registro de medidas para el 2 de noviembre de 2026.", "El 1 de noviembre de 2026 tienes: peso 76 kg."],
  },
  {
    say: "¿cuánto pesé ayer?",
    calls: [["read_measurement", { date: "2026-11-30" }, "not_found"]],
    reply: ["No hay ningún registro de medidas para el 30 de noviembre de 2026."],
  },
  {
    say: "¿cuánto pesé el 20 de noviembre?",
    units: "imperial",
    seed: { "2026-11-20": { weight_kg: 77.1 } },
    calls: [["read_measurement", { date: "2026-11-20" }, "ok"]],
    reply: ["peso 170 lb"],
  },
  {
    say: "muestra la semana pasada",
    seed: weighs,
    calls: [["list_measurements", { from: "2026-11-23", to: "2026-11-29" }, "ok"]],
    reply: ["No hay ningún registro de medidas del 23 de noviembre de 2026 al 29 de noviembre de 2026"],
  },
  {
    say: "muestra este mes",
    seed: today77,
    calls: [["list_measurements", { from: "2026-12-01", to: "2026-12-01" }, "ok"]],
    reply: ["1 registro", "peso 77 kg"],
  },
  {
    say: "muestra los últimos 30 días",
    seed: weighs,
    calls: [["list_measurements", { from: "2026-11-02", to: "2026-12-01" }, "ok"]],
    reply: ["3 registros", "- 30 de noviembre de 2026: peso 77,1 kg"],
  },
  {
    say: "¿cómo voy?",
    seed: weighs,
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [
      "Tu tendencia de peso es 77,5 kg (a 30 de noviembre de 2026).",
      "Necesito al menos 5 pesajes en 10 días para dar un ritmo; por ahora hay 2 en 10 días.",
      "La tendencia se reinició el 20 de noviembre de 2026, tras un hueco de más de 14 días.",
    ],
  },
  {
    say: "¿cómo voy?",
    seed: steady,
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [/En los últimos 28 días cambia -0,\d kg por semana \(8 registros desde el 16 de noviembre de 2026\)\./],
  },
  {
    say: "¿cómo voy?",
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Todavía no hay registros de peso, así que no hay tendencia que mostrar."],
  },
  {
    say: "¿cómo voy?",
    seed: { "2026-11-30": { weight_kg: 77.1 } },
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Necesito al menos 5 pesajes en 10 días para dar un ritmo; por ahora hay 1 pesaje."],
    notInReply: ["hay 1 en", "en 0 días"],
  },
  {
    say: "¿cómo ha cambiado mi peso este mes?",
    seed: { "2026-11-30": { weight_kg: 77.1 }, "2026-12-01": { weight_kg: 76.8 } },
    calls: [["get_trend", { field: "weight_kg", days: 14 }, "ok"]],
    reply: ["Tu tendencia de peso es 77,1 kg (a 1 de diciembre de 2026)."],
  },
  {
    say: "¿cómo voy?",
    units: "imperial",
    seed: { "2026-11-05": { weight_kg: 79 }, "2026-11-30": { weight_kg: 77.1 } },
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Tu tendencia de peso es 170 lb"],
  },
  {
    ...conflict,
    say: "sí, reemplázalo",
    calls: [[...save("2020-01-04", { weight_kg: 77.4 }, { replace: true }), "ok"]],
    stored: { "2020-01-04": { weight_kg: 77.4 } },
    reply: ["Reemplacé peso 76 kg por 77,4 kg el 4 de enero de 2020."],
  },
  { ...conflict, after: [...conflict.after, "hola"], say: "sí, reemplázalo", calls: [], reply: ["No hay nada que confirmar"] },
  { say: "sí, reemplázalo", calls: [], reply: ["No hay nada que confirmar"] },
  { ...conflict, say: "no, déjalo", calls: [], reply: ["dejé el valor guardado como estaba"] },
  { say: "borra mi peso de hoy", seed: today77, calls: [], reply: ["No puedo borrar medidas desde el chat", "página de Medidas"] },
  { say: "elimina la cintura de ayer", seed: { "2026-11-30": { waist_cm: 82 } }, calls: [], reply: ["No puedo borrar"] },
  { say: "¿qué puedes hacer?", calls: [], reply: ["coach integrado", "Por ejemplo: «pesé 77,4 kg el 29 de noviembre»."], notInReply: ["2020", "sin conexión"] },
  { say: "¿qué tiempo hace?", calls: [], reply: ["Puedo guardar tus medidas"] },
  // Tercera ola (offline-coach.md §5): errores de escritura, fechas futuras sin año, respuestas, unidades, qué cambió.
  { say: "pesé 80 kilos ayet", calls: [], reply: ["«ayet»", "¿Quisiste decir ayer, 30 de noviembre de 2026?"] },
  {
    after: ["pesé 80 kilos ayet"],
    say: "sí",
    calls: [[...save("2026-11-30", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-30": { weight_kg: 80 } },
    reply: ["Guardado para el 30 de noviembre de 2026: peso 80 kg."],
  },
  {
    after: ["pesé 80 kg el lunse"],
    say: "Sí, 30 de noviembre de 2026",
    calls: [[...save("2026-11-30", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-30": { weight_kg: 80 } },
    reply: ["30 de noviembre de 2026"],
  },
  {
    after: ["pesé 80 kg el lunse"],
    say: "fue el domingo",
    calls: [[...save("2026-11-29", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-29": { weight_kg: 80 } },
    reply: ["29 de noviembre de 2026"],
  },
  { after: ["pesé 80 kg el lunse"], say: "no", calls: [], reply: ["De acuerdo, no guardé nada."] },
  { say: "¿cuánto pesaba ayet?", calls: [], reply: ["¿Quisiste decir ayer, 30 de noviembre de 2026?"] },
  {
    after: ["pesé 78 kg el 20 de diciembre"],
    say: "sí",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["Guardado para el 20 de diciembre de 2025: peso 78 kg."],
  },
  {
    after: ["pesé 78 kg el 20 de diciembre"],
    say: "Sí, 20 de diciembre de 2025",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["20 de diciembre de 2025"],
  },
  {
    say: "pesé 78 kg el 20 de diciembre de 2025",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["20 de diciembre de 2025"],
  },
  {
    say: "¿cuánto pesaba el 24 de diciembre?",
    calls: [],
    reply: ["El 24 de diciembre de 2026 está en el futuro", "¿Quisiste decir el 24 de diciembre de 2025?"],
  },
  {
    after: ["peso 77 stones"],
    say: "kg",
    calls: [[...save("2026-12-01", { weight_kg: 77 }), "ok"]],
    stored: { "2026-12-01": { weight_kg: 77 } },
    reply: ["Guardado para hoy, 1 de diciembre de 2026: peso 77 kg."],
  },
  {
    say: "ayer pesé 175 libras",
    units: "imperial",
    seed: { "2026-11-30": { weight_kg: 79.5 } },
    calls: [[...save("2026-11-30", { weight_kg: 175 }, { units: { mass: "lb" } }), "conflict"]],
    reply: ["El 30 de noviembre de 2026 ya tiene guardado peso 175,3 lb; pediste guardar peso 175 lb."],
    notInReply: ["79,5"],
  },
  {
    ...conflict,
    say: "Reemplazar 76 → 77,4 kg",
    calls: [[...save("2020-01-04", { weight_kg: 77.4 }, { replace: true }), "ok"]],
    stored: { "2020-01-04": { weight_kg: 77.4 } },
    reply: ["Reemplacé peso 76 kg por 77,4 kg el 4 de enero de 2020."],
  },
  { ...conflict, say: "Mantener 76 kg", calls: [], reply: ["De acuerdo, dejé el valor guardado como estaba."] },
  {
    say: "peso 77 kg",
    seed: today77,
    calls: [[...save("2026-12-01", { weight_kg: 77 }), "ok"]],
    reply: ["Ya estaba guardado: hoy, 1 de diciembre de 2026, tiene peso 77 kg. No cambió nada."],
  },
  {
    after: ["pesé 80 kg el 10 de novienbre de 2025"],
    say: "Sí, 10 de noviembre de 2025",
    calls: [[...save("2025-11-10", { weight_kg: 80 }), "ok"]],
    stored: { "2025-11-10": { weight_kg: 80 } },
    reply: ["Guardado para el 10 de noviembre de 2025: peso 80 kg."],
  },
  { say: "¡hola!", calls: [], reply: ["¡Hola!"], notInReply: ["basado en reglas"] },
  { say: "¡muchas gracias!", calls: [], reply: ["¡De nada!"], notInReply: ["basado en reglas"] },
  ...misspelledDateUtterances("es"),
  // Objetivos: set_goal, nunca un guardado.
  { say: "mi objetivo es 72 kg", calls: [["set_goal", { field: "weight_kg", target: 72 }, "ok"]], reply: ["Guardé tu objetivo de peso: 72 kg."] },
  {
    say: "¿cómo voy?",
    seed: steady,
    after: ["mi objetivo es 78 kg"],
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [/Tu objetivo es 78 kg: a este ritmo la tendencia lo alcanza hacia el \d{1,2} de \w+ de 202[67]\./],
  },
];
