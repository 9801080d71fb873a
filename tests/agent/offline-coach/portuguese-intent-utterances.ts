// Portuguese rows of the offline coach's utterance table from its intents on: questions about records and trends, the third
// wave of offline-coach.md §5 (misspellings, answers to the coach's questions, what changed) and goals. Today is Tuesday 1 December 2026.
import { misspelledDateUtterances } from "./misspelled-date-utterances";
import type { UtteranceCase } from "./utterance-case";
import { conflictSeed, save, steady, today77, weighs } from "./utterance-seeds";

const conflict = { seed: conflictSeed, after: ["salve peso 77,4 kg em 2020-01-04"] };

export const portugueseIntentUtterances: UtteranceCase[] = [
  // Intenções (seção 3).
  {
    say: "quanto eu pesei na segunda?",
    seed: { "2026-11-30": { weight_kg: 77.2 } },
    calls: [["read_measurement", { date: "2026-11-30" }, "ok"]],
    reply: ["Em 30 de novembro de 2026 você tem: peso 77,2 kg."],
  },
  {
    say: "Quanto eu pesava em 2 de novembro? Se não houver nada, tente o dia 1.",
    seed: { "2026-11-01": { weight_kg: 76 } },
    calls: [
      ["read_measurement", { date: "2026-11-02" }, "not_found"],
      ["read_measurement", { date: "2026-11-01" }, "ok"],
    ],
    reply: ["Não há registro de medidas em 2 de novembro de 2026.", "Em 1 de novembro de 2026 você tem: peso 76 kg."],
  },
  {
    say: "quanto eu pesei ontem?",
    calls: [["read_measurement", { date: "2026-11-30" }, "not_found"]],
    reply: ["Não há registro de medidas em 30 de novembro de 2026."],
  },
  {
    say: "quanto eu pesava em 20 de novembro?",
    units: "imperial",
    seed: { "2026-11-20": { weight_kg: 77.1 } },
    calls: [["read_measurement", { date: "2026-11-20" }, "ok"]],
    reply: ["peso 170 lb"],
  },
  {
    say: "mostre a semana passada",
    seed: weighs,
    calls: [["list_measurements", { from: "2026-11-23", to: "2026-11-29" }, "ok"]],
    reply: ["Não há nenhum registro de medidas de 23 de novembro de 2026 a 29 de novembro de 2026"],
  },
  {
    say: "mostre este mês",
    seed: today77,
    calls: [["list_measurements", { from: "2026-12-01", to: "2026-12-01" }, "ok"]],
    reply: ["1 registro", "peso 77 kg"],
  },
  {
    say: "mostre os últimos 30 dias",
    seed: weighs,
    calls: [["list_measurements", { from: "2026-11-02", to: "2026-12-01" }, "ok"]],
    reply: ["3 registros", "- 30 de novembro de 2026: peso 77,1 kg"],
  },
  {
    say: "como estou indo?",
    seed: weighs,
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [
      "Sua tendência de peso é 77,5 kg (em 30 de novembro de 2026).",
      "Preciso de pelo menos 5 pesagens em 10 dias para dar um ritmo; por enquanto há 2 em 10 dias.",
      "A tendência recomeçou em 20 de novembro de 2026, depois de um intervalo de mais de 14 dias.",
    ],
  },
  {
    say: "como estou indo?",
    seed: steady,
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [/Nos últimos 28 dias ela muda -0,\d kg por semana \(8 registros desde 16 de novembro de 2026\)\./],
  },
  {
    say: "como estou indo?",
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Ainda não há registros de peso, então não há tendência para mostrar."],
  },
  {
    say: "como estou indo?",
    seed: { "2026-11-30": { weight_kg: 77.1 } },
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Preciso de pelo menos 5 pesagens em 10 dias para dar um ritmo; por enquanto há 1 pesagem."],
    notInReply: ["há 1 em", "em 0 dias"],
  },
  {
    say: "como mudou meu peso este mês?",
    seed: { "2026-11-30": { weight_kg: 77.1 }, "2026-12-01": { weight_kg: 76.8 } },
    calls: [["get_trend", { field: "weight_kg", days: 14 }, "ok"]],
    reply: ["Sua tendência de peso é 77,1 kg (em 1 de dezembro de 2026)."],
  },
  {
    say: "como estou indo?",
    units: "imperial",
    seed: { "2026-11-05": { weight_kg: 79 }, "2026-11-30": { weight_kg: 77.1 } },
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: ["Sua tendência de peso é 170 lb"],
  },
  {
    ...conflict,
    say: "sim, substitua",
    calls: [[...save("2020-01-04", { weight_kg: 77.4 }, { replace: true }), "ok"]],
    stored: { "2020-01-04": { weight_kg: 77.4 } },
    reply: ["Substituí peso 76 kg por 77,4 kg em 4 de janeiro de 2020."],
  },
  { ...conflict, after: [...conflict.after, "olá"], say: "sim, substitua", calls: [], reply: ["Não há nada para confirmar"] },
  { say: "sim, substitua", calls: [], reply: ["Não há nada para confirmar"] },
  { ...conflict, say: "não, deixe como está", calls: [], reply: ["deixei o valor salvo como estava"] },
  { say: "apague meu peso de hoje", seed: today77, calls: [], reply: ["Não consigo apagar medidas pelo chat", "página Medidas"] },
  { say: "exclua a cintura de ontem", seed: { "2026-11-30": { waist_cm: 82 } }, calls: [], reply: ["Não consigo apagar"] },
  { say: "o que você pode fazer?", calls: [], reply: ["coach integrado", 'Por exemplo: "pesei 77,4 kg em 29 de novembro".'], notInReply: ["2020", "offline"] },
  { say: "vai chover amanhã?", calls: [], reply: ["Posso salvar suas medidas"] },
  // Terceira onda (offline-coach.md §5): erros de digitação, datas futuras sem ano, respostas, unidades, o que mudou.
  { say: "pesei 80 quilos ontenm", calls: [], reply: ['"ontenm"', "Você quis dizer ontem, 30 de novembro de 2026?"] },
  {
    after: ["pesei 80 quilos ontenm"],
    say: "sim",
    calls: [[...save("2026-11-30", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-30": { weight_kg: 80 } },
    reply: ["Salvo em 30 de novembro de 2026: peso 80 kg."],
  },
  {
    after: ["pesei 80 kg na segnda"],
    say: "Sim, 30 de novembro de 2026",
    calls: [[...save("2026-11-30", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-30": { weight_kg: 80 } },
    reply: ["30 de novembro de 2026"],
  },
  {
    after: ["pesei 80 kg na segnda"],
    say: "foi no domingo",
    calls: [[...save("2026-11-29", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-29": { weight_kg: 80 } },
    reply: ["29 de novembro de 2026"],
  },
  { after: ["pesei 80 kg na segnda"], say: "não", calls: [], reply: ["Certo, não salvei nada."] },
  { say: "quanto eu pesava ontenm?", calls: [], reply: ["Você quis dizer ontem, 30 de novembro de 2026?"] },
  {
    after: ["pesei 78 kg em 20 de dezembro"],
    say: "sim",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["Salvo em 20 de dezembro de 2025: peso 78 kg."],
  },
  {
    after: ["pesei 78 kg em 20 de dezembro"],
    say: "Sim, 20 de dezembro de 2025",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["20 de dezembro de 2025"],
  },
  {
    say: "pesei 78 kg em 20 de dezembro de 2025",
    calls: [[...save("2025-12-20", { weight_kg: 78 }), "ok"]],
    stored: { "2025-12-20": { weight_kg: 78 } },
    reply: ["20 de dezembro de 2025"],
  },
  { say: "quanto eu pesava em 24 de dezembro?", calls: [], reply: ["24 de dezembro de 2026 está no futuro", "Você quis dizer 24 de dezembro de 2025?"] },
  {
    after: ["peso 77 stones"],
    say: "kg",
    calls: [[...save("2026-12-01", { weight_kg: 77 }), "ok"]],
    stored: { "2026-12-01": { weight_kg: 77 } },
    reply: ["Salvo para hoje, 1 de dezembro de 2026: peso 77 kg."],
  },
  {
    say: "ontem pesei 175 libras",
    units: "imperial",
    seed: { "2026-11-30": { weight_kg: 79.5 } },
    calls: [[...save("2026-11-30", { weight_kg: 175 }, { units: { mass: "lb" } }), "conflict"]],
    reply: ["Em 30 de novembro de 2026 já está salvo peso 175,3 lb; você pediu para salvar peso 175 lb."],
    notInReply: ["79,5"],
  },
  {
    ...conflict,
    say: "Substituir 76 → 77,4 kg",
    calls: [[...save("2020-01-04", { weight_kg: 77.4 }, { replace: true }), "ok"]],
    stored: { "2020-01-04": { weight_kg: 77.4 } },
    reply: ["Substituí peso 76 kg por 77,4 kg em 4 de janeiro de 2020."],
  },
  { ...conflict, say: "Manter 76 kg", calls: [], reply: ["Certo, deixei o valor salvo como estava."] },
  {
    say: "peso 77 kg",
    seed: today77,
    calls: [[...save("2026-12-01", { weight_kg: 77 }), "ok"]],
    reply: ["Já estava salvo: hoje, 1 de dezembro de 2026, há peso 77 kg. Nada mudou."],
  },
  {
    after: ["pesei 80 kg em 10 de novmbro"],
    say: "sim",
    calls: [[...save("2026-11-10", { weight_kg: 80 }), "ok"]],
    stored: { "2026-11-10": { weight_kg: 80 } },
    reply: ["Salvo em 10 de novembro de 2026: peso 80 kg."],
  },
  { say: "olá!", calls: [], reply: ["Olá!"], notInReply: ["baseado em regras"] },
  { say: "muito obrigado!", calls: [], reply: ["De nada!"], notInReply: ["baseado em regras"] },
  ...misspelledDateUtterances("pt"),
  // Metas: set_goal, nunca um salvamento.
  { say: "minha meta é 72 kg", calls: [["set_goal", { field: "weight_kg", target: 72 }, "ok"]], reply: ["Salvei sua meta de peso: 72 kg."] },
  {
    say: "como estou indo?",
    seed: steady,
    after: ["minha meta é 78 kg"],
    calls: [["get_trend", { field: "weight_kg" }, "ok"]],
    reply: [/Sua meta é 78 kg: neste ritmo a tendência chega lá por volta de \d{1,2} de \w+ de 202[67]\./],
  },
];
