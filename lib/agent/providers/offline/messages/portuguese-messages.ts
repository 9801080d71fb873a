// Portuguese answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 registro" : `${count} registros`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const portugueseMessages: OfflineMessages = {
  fieldLabels: {
    weight_kg: "peso",
    body_fat_pct: "gordura corporal",
    neck_cm: "pescoço",
    chest_cm: "peito",
    waist_cm: "cintura",
    hips_cm: "quadril",
    biceps_cm: "bíceps",
    quadriceps_cm: "quadríceps",
    calf_cm: "panturrilha",
    height_cm: "altura",
  },
  fieldSubjects: {
    weight_kg: "o peso",
    body_fat_pct: "a gordura corporal",
    neck_cm: "o pescoço",
    chest_cm: "o peito",
    waist_cm: "a cintura",
    hips_cm: "o quadril",
    biceps_cm: "o bíceps",
    quadriceps_cm: "o quadríceps",
    calf_cm: "a panturrilha",
    height_cm: "a altura",
  },
  quote: (text) => `"${text}"`,
  percentSign: " %",
  recordOn: (date, values) => `Em ${date} você tem: ${values}.`,
  recordWithoutValues: (date) => `Há um registro em ${date}, mas ele não contém valores.`,
  note: (note) => `Nota: "${note}".`,
  noRecordOn: (date) => `Não há registro de medidas em ${date}.`,
  noRecordOnEither: (first, second) => `Não há registro de medidas nem em ${first} nem em ${second}.`,
  otherDatesUnknown: "Isso não diz nada sobre outras datas.",
  unreadable: (date) =>
    `No momento não consigo ler suas medidas de ${date}, então não se sabe o que está salvo nessa data. Pode ser que haja um registro; tente novamente mais tarde.`,
  fallbackNotTried: (date) => `Não consultei ${date}, porque a primeira data ainda pode ter um registro.`,
  rangeRecords: (from, to, count) => `De ${from} a ${to} você tem ${records(count)}:`,
  rangeEarlierOmitted: (count) => `…e ${records(count)} anteriores a estes.`,
  rangeEmpty: (from, to) => `Não há nenhum registro de medidas de ${from} a ${to}: o intervalo inteiro foi lido e está vazio.`,
  rangeMaybeIncomplete: "Esta lista pode estar incompleta.",
  rangeUnreadable: (from, to) => `No momento não consigo ler suas medidas de ${from} a ${to}, então não se sabe o que está salvo. Tente novamente mais tarde.`,
  rangeNarrowed: (maxDays) => `Esse intervalo é maior do que consigo listar de uma vez (no máximo ${maxDays} dias), então listei a parte mais recente.`,
  saved: (date, values, today) => (today ? `Salvo para hoje, ${date}: ${values}.` : `Salvo em ${date}: ${values}.`),
  addedToRecord: ({ date, today, added, unchanged }) =>
    `Adicionei ${added} ${today ? `a hoje, ${date}` : `em ${date}`}${unchanged ? `; ${unchanged} ${unchanged.includes(",") ? "continuam" : "continua"} igual` : ""}.`,
  alreadySaved: ({ date, today, values }) => `Já estava salvo: ${today ? `hoje, ${date},` : `em ${date}`} há ${values}. Nada mudou.`,
  replaced: (date, changes) => `Substituí ${changes} em ${date}.`,
  replacedValue: ({ label, from, to }) => `${label} ${from} por ${to}`,
  conflictQuestion: ({ date, today, stored, requested }) =>
    `${today ? `Hoje, ${date},` : `Em ${date}`} ${stored ? `já está salvo ${stored}` : "já há outro valor salvo"}; você pediu para salvar ${requested}. ` +
    `Quer que eu substitua? Responda "sim, substitua" para confirmar, ou "mantenha" para deixar como está.`,
  writeFailed: (date) => `Não foi possível salvar em ${date} e nada foi salvo. Você pode tentar de novo.`,
  outcomeUnknown: (date) =>
    `Não consigo confirmar se o salvamento de ${date} foi concluído. Não o repeti para evitar duplicação; confira suas medidas antes de pedir de novo.`,
  stopped: "Não consegui concluir esse pedido, então parei aqui.",
  futureSave: (date, today) => `Não posso registrar uma medida em ${date}: essa data está no futuro (hoje é ${today}). Nada foi salvo.`,
  futureRead: (date, today) => `${date} está no futuro (hoje é ${today}), então ainda não pode haver medidas desse dia.`,
  outOfRange: ({ label, min, max, sent }) => `${capitalize(label)} deve estar entre ${min} e ${max}; você enviou ${sent}. Nada foi salvo.`,
  tooPrecise: (label, sent) => `${capitalize(label)} aceita no máximo uma casa decimal; você enviou ${sent}. Nada foi salvo.`,
  notANumber: (label, sent) => `${capitalize(label)} deve ser um número, e não consegui ler nenhum em "${sent}". Nada foi salvo.`,
  unknownMeasurement: (names) => `Não conheço a medida "${names}", então nada foi salvo.`,
  dateNotUnderstood: (sent) => `Não consegui usar "${sent}" como data, então não fiz nada. Diga o dia e o nome do mês.`,
  rejected: "Esse pedido foi recusado e não consegui corrigi-lo, então nada mudou.",
  misspelledDate: (text, date, suggestion) =>
    `Não conheço a data "${text}", então não fiz nada. Você quis dizer ${suggestion ? `${suggestion}, ` : ""}${date}?`,
  futureYearless: (future, lastYear) => `${future} está no futuro, então não fiz nada. Você quis dizer ${lastYear}?`,
  declinedQuestion: "Certo, não salvei nada. Diga a data ou o valor de novo quando quiser.",
  unknownDate: (text) => `Não sei que dia é "${text}", então não fiz nada. Diga a data, por exemplo "ontem", "sexta passada" ou o dia e o nome do mês.`,
  ambiguousDate: (text, first, second) =>
    `"${text}" pode ser ${first} ou ${second}, então não fiz nada. Qual você quer dizer? Escrever o nome do mês evita a dúvida.`,
  impossibleDate: (text) => `"${text}" não é uma data que existe, então não fiz nada. Confira o dia e o mês.`,
  futureWithoutDay: (text) => `Não posso registrar nem consultar medidas do futuro ("${text}"). Diga um dia até hoje.`,
  severalDates: (dates) => `Sua mensagem cita mais de um dia (${dates}), então não salvei nada. Envie um dia por mensagem.`,
  rangeInSave: (text) => `"${text}" é um período, não um dia, então não salvei nada. Que dia foi?`,
  unknownUnit: (text) => `Não conheço a unidade de "${text}", então não salvei nada. Informe o peso em kg ou lb e as medidas em cm ou polegadas.`,
  unitMismatch: (label, text) => `"${text}" não é uma unidade de ${label}, então não salvei nada. Confira o valor e a unidade.`,
  noField: (text) => `Não sei a que medida "${text}" corresponde, então não salvei nada. Diga o nome dela, por exemplo "cintura ${text}".`,
  twoValues: (label, texts) => `Você deu mais de um valor de ${label} (${texts}), então não salvei nada. Qual devo salvar?`,
  mixedUnits: (dimension) =>
    dimension === "mass"
      ? "Informe todos os pesos de uma mensagem na mesma unidade (kg ou lb); não salvei nada."
      : "Informe todas as medidas de uma mensagem na mesma unidade (cm ou polegadas); não salvei nada.",
  relativeChange: (text) => `Eu registro medidas, não mudanças ("${text}"), então não salvei nada. Diga a medida em si e eu a salvo.`,
  approximate: (text) => `"${text}" não é um único valor, então não salvei nada. Qual valor exato devo salvar?`,
  cannotDelete: "Não consigo apagar medidas pelo chat e não mudei nada. Você pode apagar um registro na página Medidas.",
  nothingToConfirm: "Não há nada para confirmar: minha mensagem anterior não perguntava se devia substituir um valor. Diga o que quer salvar.",
  keptStoredValue: "Certo, deixei o valor salvo como estava.",
  replaceButton: (changes) => `Substituir ${changes}`,
  keepButton: (values) => `Manter ${values}`,
  yes: "Sim",
  no: "Não",
  greeting: "Olá! Diga uma medida para salvar ou pergunte como você está indo.",
  thanks: "De nada!",
  help: (recentDay) =>
    [
      "Sou o coach integrado do Palestra, um assistente baseado em regras (sem modelo de IA). Posso salvar suas medidas, ler uma data, " +
        'listar um período (por exemplo "semana passada") e dizer como uma medida mudou ("como estou indo?"). Aqui não consigo apagar registros.',
      `Por exemplo: "pesei 77,4 kg em ${recentDay}".`,
    ].join("\n"),
};
