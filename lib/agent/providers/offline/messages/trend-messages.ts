// The offline coach's progress and goal texts in English, Spanish and Portuguese. Every number arrives formatted from
// a get_trend or set_goal result (or the person's message): these texts add none of their own.

type Locale = "en" | "es" | "pt";

export type TrendMessages = {
  /** `label`: the field's name as fieldLabels gives it ("weight", "peso"). */
  noRecords: (label: string) => string;
  latest: (options: { label: string; trend: string; date: string }) => string;
  rate: (options: { rate: string; days: string; count: string; since: string }) => string;
  /** Too little data for a rate: what is needed and what there is (counts and days from the result). */
  notEnough: (options: { weight: boolean; needRecords: string; needDays: string; count: string; days: string }) => string;
  /** The trend restarted after a gap longer than the result's segment_gap_days. */
  restarted: (options: { date: string; gapDays: string }) => string;
  goalEta: (options: { target: string; eta: string }) => string;
  goalReached: (target: string) => string;
  goalMovingAway: (target: string) => string;
  goalNoRate: (target: string) => string;
  noGoal: string;
  unreadable: (label: string) => string;
  goalSaved: (options: { label: string; target: string; previous?: string }) => string;
  goalRemoved: (label: string) => string;
  goalWriteFailed: string;
  goalOutcomeUnknown: string;
};

const en: TrendMessages = {
  noRecords: (label) => `There are no ${label} records yet, so there is no trend to show.`,
  latest: ({ label, trend, date }) => `Your ${label} trend is ${trend} (as of ${date}).`,
  rate: ({ rate, days, count, since }) => `Over the last ${days} days it is changing by ${rate} a week (${count} records since ${since}).`,
  notEnough: ({ weight, needRecords, needDays, count, days }) =>
    `I need at least ${needRecords} ${weight ? "weigh-ins" : "measurements"} over ${needDays} days to give a rate; ` +
    (count === "1" ? `there is 1 ${weight ? "weigh-in" : "measurement"} so far.` : `there are ${count} over ${days} ${days === "1" ? "day" : "days"} so far.`),
  restarted: ({ date, gapDays }) => `The trend restarted on ${date}, after a gap of more than ${gapDays} days.`,
  goalEta: ({ target, eta }) => `Your goal is ${target}: at this rate the trend reaches it around ${eta}.`,
  goalReached: (target) => `Your goal is ${target}, and the trend has reached it.`,
  goalMovingAway: (target) => `Your goal is ${target}, but the trend is moving away from it, so there is no date to give.`,
  goalNoRate: (target) => `Your goal is ${target}; I can give a date once there is a rate.`,
  noGoal: 'You have no goal set: tell me your target (for example "my goal weight is …") or set it on the Measurements page.',
  unreadable: (label) => `I can't read your ${label} records right now, so your trend is unknown (this does not mean there are none). Please try again later.`,
  goalSaved: ({ label, target, previous }) => `Saved your ${label} goal: ${target}${previous ? ` (it was ${previous})` : ""}.`,
  goalRemoved: (label) => `Removed your ${label} goal.`,
  goalWriteFailed: "Your goal was not saved: the storage refused the write, so nothing changed. Please try again later.",
  goalOutcomeUnknown: "I couldn't confirm whether your goal was saved, and I didn't repeat it to avoid saving it twice. Please check the Measurements page.",
};

const es: TrendMessages = {
  noRecords: (label) => `Todavía no hay registros de ${label}, así que no hay tendencia que mostrar.`,
  latest: ({ label, trend, date }) => `Tu tendencia de ${label} es ${trend} (a ${date}).`,
  rate: ({ rate, days, count, since }) => `En los últimos ${days} días cambia ${rate} por semana (${count} registros desde el ${since}).`,
  notEnough: ({ weight, needRecords, needDays, count, days }) =>
    `Necesito al menos ${needRecords} ${weight ? "pesajes" : "medidas"} en ${needDays} días para dar un ritmo; ` +
    (count === "1" ? `por ahora hay 1 ${weight ? "pesaje" : "medida"}.` : `por ahora hay ${count} en ${days} ${days === "1" ? "día" : "días"}.`),
  restarted: ({ date, gapDays }) => `La tendencia se reinició el ${date}, tras un hueco de más de ${gapDays} días.`,
  goalEta: ({ target, eta }) => `Tu objetivo es ${target}: a este ritmo la tendencia lo alcanza hacia el ${eta}.`,
  goalReached: (target) => `Tu objetivo es ${target}, y la tendencia ya lo alcanzó.`,
  goalMovingAway: (target) => `Tu objetivo es ${target}, pero la tendencia se aleja de él, así que no hay fecha que dar.`,
  goalNoRate: (target) => `Tu objetivo es ${target}; podré dar una fecha cuando haya un ritmo.`,
  noGoal: 'No tienes un objetivo: dime tu meta (por ejemplo "mi peso objetivo es …") o fíjala en la página de Medidas.',
  unreadable: (label) => `No puedo leer tus registros de ${label} ahora, así que tu tendencia es desconocida (no significa que no haya). Inténtalo más tarde.`,
  goalSaved: ({ label, target, previous }) => `Guardé tu objetivo de ${label}: ${target}${previous ? ` (antes era ${previous})` : ""}.`,
  goalRemoved: (label) => `Quité tu objetivo de ${label}.`,
  goalWriteFailed: "Tu objetivo no se guardó: el almacenamiento rechazó la escritura, así que no cambió nada. Inténtalo más tarde.",
  goalOutcomeUnknown: "No pude confirmar si tu objetivo se guardó, y no lo repetí para no guardarlo dos veces. Revisa la página de Medidas.",
};

const pt: TrendMessages = {
  noRecords: (label) => `Ainda não há registros de ${label}, então não há tendência para mostrar.`,
  latest: ({ label, trend, date }) => `Sua tendência de ${label} é ${trend} (em ${date}).`,
  rate: ({ rate, days, count, since }) => `Nos últimos ${days} dias ela muda ${rate} por semana (${count} registros desde ${since}).`,
  notEnough: ({ weight, needRecords, needDays, count, days }) =>
    `Preciso de pelo menos ${needRecords} ${weight ? "pesagens" : "medidas"} em ${needDays} dias para dar um ritmo; ` +
    (count === "1" ? `por enquanto há 1 ${weight ? "pesagem" : "medida"}.` : `por enquanto há ${count} em ${days} ${days === "1" ? "dia" : "dias"}.`),
  restarted: ({ date, gapDays }) => `A tendência recomeçou em ${date}, depois de um intervalo de mais de ${gapDays} dias.`,
  goalEta: ({ target, eta }) => `Sua meta é ${target}: neste ritmo a tendência chega lá por volta de ${eta}.`,
  goalReached: (target) => `Sua meta é ${target}, e a tendência já chegou lá.`,
  goalMovingAway: (target) => `Sua meta é ${target}, mas a tendência está se afastando dela, então não há data para dar.`,
  goalNoRate: (target) => `Sua meta é ${target}; posso dar uma data quando houver um ritmo.`,
  noGoal: 'Você não tem meta: diga sua meta (por exemplo "minha meta de peso é …") ou defina-a na página de Medidas.',
  unreadable: (label) =>
    `Não consigo ler seus registros de ${label} agora, então sua tendência é desconhecida (isso não significa que não há). Tente mais tarde.`,
  goalSaved: ({ label, target, previous }) => `Salvei sua meta de ${label}: ${target}${previous ? ` (antes era ${previous})` : ""}.`,
  goalRemoved: (label) => `Removi sua meta de ${label}.`,
  goalWriteFailed: "Sua meta não foi salva: o armazenamento recusou a gravação, então nada mudou. Tente mais tarde.",
  goalOutcomeUnknown: "Não consegui confirmar se sua meta foi salva, e não a repeti para não salvá-la duas vezes. Confira a página de Medidas.",
};

export const trendMessages: Record<Locale, TrendMessages> = { en, es, pt };
