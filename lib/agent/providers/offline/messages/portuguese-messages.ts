// Portuguese answer texts of the offline coach.
import type { OfflineMessages } from "../offline-messages";

const records = (count: number) => (count === 1 ? "1 registro" : `${count} registros`);

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
  monthNames: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
  formatDate: ({ day, month, year }) => `${day} de ${month} de ${year}`,
  decimalSeparator: ",",
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
  rangeUnreadable: (from, to) =>
    `No momento não consigo ler suas medidas de ${from} a ${to}, então não se sabe o que está salvo. Tente novamente mais tarde.`,
  rangeNarrowed: (maxDays) => `Esse intervalo é maior do que consigo listar de uma vez (no máximo ${maxDays} dias), então listei a parte mais recente.`,
  saved: (date, values) => `Salvo em ${date}: ${values}.`,
  savedOnExistingRecord: (date, values) => `${date} já tinha um registro; agora ele contém ${values}.`,
  replaced: (date, values) => `Substituído. ${date} agora contém ${values}.`,
  conflictQuestion: ({ date, stored, requested }) =>
    `${stored ? `Em ${date} já está salvo ${stored}` : `Em ${date} já há outro valor salvo`} e você pediu para salvar ${requested}. ` +
    `Quer que eu substitua? Responda "sim, substitua" para confirmar.`,
  writeFailed: (date) => `Não foi possível salvar em ${date} e nada foi salvo. Você pode tentar de novo.`,
  outcomeUnknown: (date) =>
    `Não consigo confirmar se o salvamento de ${date} foi concluído. Não o repeti para evitar duplicação; confira suas medidas antes de pedir de novo.`,
  stopped: "Não consegui concluir esse pedido, então parei aqui.",
  rejected: (reason) => (reason ? `O pedido foi rejeitado e não consegui corrigi-lo (${reason}).` : "O pedido foi rejeitado e não consegui corrigi-lo."),
  nothingToReplace: `Não há nenhuma alteração pendente para substituir. Diga o que salvar, por exemplo "salve peso 77,4 kg em 2020-01-04".`,
  keptStoredValue: "Certo, deixei o valor salvo como estava.",
  help: [
    "Sou o coach offline do Palestra: um assistente baseado em regras, não um modelo de linguagem. Posso:",
    `- ler uma data: "quanto eu pesava em 2 de janeiro de 2020?"`,
    `- ler com uma data alternativa: "quanto eu pesava em 2 de janeiro de 2020? se não houver nada, tente o dia 1"`,
    `- salvar valores: "hoje pesei 77,4 kg", "salve cintura 82 cm em 2020-01-04, nota: depois das férias"`,
    `- listar um intervalo: "mostre minhas medidas de 2020-01-01 a 2020-01-31", "janeiro de 2020", "últimos 30 dias"`,
    `- substituir um valor salvo quando eu perguntar: "sim, substitua"`,
  ].join("\n"),
};
