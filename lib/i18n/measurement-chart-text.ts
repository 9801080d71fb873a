// The /measurements trend headline and charts' strings in en, es and pt: the weight trend and its goal, the time range,
// and each chart's text alternative (part of the measurements dictionary).
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

const en = {
  chartsTitle: "Trends",
  headline: {
    title: "Weight trend",
    latest: "Trend {value} (as of {date})",
    rate: "{rate} a week over the last {days} days",
    notEnough: "No weekly rate yet: it needs {records} weigh-ins over {days} days (so far: {have}).",
    have: { one: "{count} weigh-in", other: "{count} weigh-ins over {span}" },
    spanDays: { one: "{count} day", other: "{count} days" },
    noRecords: "No weigh-ins yet: the trend starts with the first one.",
    goal: "Goal {target}",
    eta: "reached around {date} at this rate",
    reached: "reached",
    movingAway: "the trend is moving away from it",
    noRate: "no date until there is a weekly rate",
    noGoal: "No goal set.",
  },
  chartsEmpty: "Charts appear once you have measurements.",
  chartLabel: "{field} over time",
  rangeLabel: "Time range",
  ranges: { "30": "30 days", "90": "90 days", "365": "1 year", all: "All" },
  chartTrend: "Trend",
  chartTrendSummary: "The trend line goes from {first} to {last} {unit}.",
  chartTrendRestarts: "It restarts after each gap of more than {days} days ({dates}).",
  chartMeasured: "Measured",
  chartScaleZoomed: "The axis runs from {min} to {max} {unit}, not from zero, so small changes look larger.",
  chartScale: "The axis runs from {min} to {max} {unit}.",
  chartNone: "No records in this time range.",
  chartSummary: {
    one: "{field}: {count} record, on {from}: {min} {unit}.",
    other: "{field}: {count} records from {from} to {to}, between {min} and {max} {unit}.",
  },
} as const;

export type MeasurementChartText = Messages<typeof en>;

const es: MeasurementChartText = {
  chartsTitle: "Tendencias",
  headline: {
    title: "Tendencia del peso",
    latest: "Tendencia {value} (a {date})",
    rate: "{rate} por semana en los últimos {days} días",
    notEnough: "Aún no hay ritmo semanal: hacen falta {records} pesajes en {days} días (por ahora: {have}).",
    have: { one: "{count} pesaje", other: "{count} pesajes en {span}" },
    spanDays: { one: "{count} día", other: "{count} días" },
    noRecords: "Aún no hay pesajes: la tendencia empieza con el primero.",
    goal: "Objetivo {target}",
    eta: "se alcanza hacia el {date} a este ritmo",
    reached: "alcanzado",
    movingAway: "la tendencia se aleja de él",
    noRate: "sin fecha hasta que haya un ritmo semanal",
    noGoal: "Sin objetivo.",
  },
  chartsEmpty: "Los gráficos aparecen cuando tengas medidas.",
  chartLabel: "{field} a lo largo del tiempo",
  rangeLabel: "Periodo",
  ranges: { "30": "30 días", "90": "90 días", "365": "1 año", all: "Todo" },
  chartTrend: "Tendencia",
  chartTrendSummary: "La línea de tendencia va de {first} a {last} {unit}.",
  chartTrendRestarts: "Se reinicia tras cada hueco de más de {days} días ({dates}).",
  chartMeasured: "Medido",
  chartScaleZoomed: "El eje va de {min} a {max} {unit}, no desde cero, así que los cambios pequeños parecen mayores.",
  chartScale: "El eje va de {min} a {max} {unit}.",
  chartNone: "No hay registros en este periodo.",
  chartSummary: {
    one: "{field}: {count} registro, el {from}: {min} {unit}.",
    other: "{field}: {count} registros del {from} al {to}, entre {min} y {max} {unit}.",
  },
};

const pt: MeasurementChartText = {
  chartsTitle: "Tendências",
  headline: {
    title: "Tendência do peso",
    latest: "Tendência {value} (em {date})",
    rate: "{rate} por semana nos últimos {days} dias",
    notEnough: "Ainda não há ritmo semanal: são precisas {records} pesagens em {days} dias (por enquanto: {have}).",
    have: { one: "{count} pesagem", other: "{count} pesagens em {span}" },
    spanDays: { one: "{count} dia", other: "{count} dias" },
    noRecords: "Ainda não há pesagens: a tendência começa com a primeira.",
    goal: "Meta {target}",
    eta: "alcançada por volta de {date} neste ritmo",
    reached: "alcançada",
    movingAway: "a tendência está se afastando dela",
    noRate: "sem data até haver um ritmo semanal",
    noGoal: "Sem meta.",
  },
  chartsEmpty: "Os gráficos aparecem quando houver medidas.",
  chartLabel: "{field} ao longo do tempo",
  rangeLabel: "Período",
  ranges: { "30": "30 dias", "90": "90 dias", "365": "1 ano", all: "Tudo" },
  chartTrend: "Tendência",
  chartTrendSummary: "A linha de tendência vai de {first} a {last} {unit}.",
  chartTrendRestarts: "Ela recomeça depois de cada intervalo de mais de {days} dias ({dates}).",
  chartMeasured: "Medido",
  chartScaleZoomed: "O eixo vai de {min} a {max} {unit}, não de zero, então pequenas mudanças parecem maiores.",
  chartScale: "O eixo vai de {min} a {max} {unit}.",
  chartNone: "Não há registros neste período.",
  chartSummary: {
    one: "{field}: {count} registro, em {from}: {min} {unit}.",
    other: "{field}: {count} registros de {from} a {to}, entre {min} e {max} {unit}.",
  },
};

export const measurementChartText: Record<Locale, MeasurementChartText> = { en, es, pt };
