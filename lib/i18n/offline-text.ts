// The words of the app without a network, in en, es and pt: the banner every page shows offline, the queue of saves
// that wait on /measurements, the chat's note that the Coach needs the network, and the service worker's fallback page.

import type { Messages } from "./message-text";

const en = {
  banner: "You are offline: measurements you save wait here and are sent when the network returns; the Coach needs the network.",
  queueTitle: "Waiting for the network",
  queueIntro: "Kept on this device, not saved yet: each is sent, in order, when the network returns.",
  waiting: "{date}: {values} — waiting for the network.",
  sending: "Sending…",
  refused: "{date}: {values} — not saved. The server said: {detail}",
  discard: "Discard",
  dismiss: "Dismiss",
  discardLabel: "Discard the waiting save for {date}",
  dismissLabel: "Dismiss the refused save for {date}",
  queued: "No network: the measurement for {date} waits on this device and is sent when the network returns. It is not saved yet.",
  queuedStored: "Sent from this device: the measurement for {date} is saved.",
  notQueued: "No network, and this device could not keep the measurement for {date}: nothing was saved. Please try again when you are online.",
  editNeedsNetwork: "Emptying a value needs the network: nothing was changed. Please try again when you are online.",
  coachNeedsNetwork: "You are offline: the Coach needs the network. Your message stays here until you are back online.",
  fallbackTitle: "Offline",
  fallbackText: "You are offline, and this page was not opened on this device before, so it cannot be shown now.",
  fallbackLink: "Open Measurements",
} as const;

export type OfflineText = Messages<typeof en>;

const es: OfflineText = {
  banner: "Estás sin conexión: las medidas que guardes esperan aquí y se envían cuando vuelva la red; el Coach necesita la red.",
  queueTitle: "Esperando la red",
  queueIntro: "Guardado en este dispositivo, todavía no en Palestra: cada una se envía, en orden, cuando vuelva la red.",
  waiting: "{date}: {values} — esperando la red.",
  sending: "Enviando…",
  refused: "{date}: {values} — no se guardó. El servidor dijo: {detail}",
  discard: "Descartar",
  dismiss: "Cerrar",
  discardLabel: "Descartar el guardado pendiente del {date}",
  dismissLabel: "Cerrar el guardado rechazado del {date}",
  queued: "Sin red: la medida del {date} espera en este dispositivo y se envía cuando vuelva la red. Todavía no está guardada.",
  queuedStored: "Enviada desde este dispositivo: la medida del {date} está guardada.",
  notQueued: "Sin red, y este dispositivo no pudo conservar la medida del {date}: no se guardó nada. Inténtalo de nuevo cuando tengas conexión.",
  editNeedsNetwork: "Vaciar un valor necesita la red: no se cambió nada. Inténtalo de nuevo cuando tengas conexión.",
  coachNeedsNetwork: "Estás sin conexión: el Coach necesita la red. Tu mensaje se queda aquí hasta que vuelvas a tener conexión.",
  fallbackTitle: "Sin conexión",
  fallbackText: "Estás sin conexión y esta página no se abrió antes en este dispositivo, así que ahora no se puede mostrar.",
  fallbackLink: "Abrir Medidas",
};

const pt: OfflineText = {
  banner: "Você está sem conexão: as medidas que salvar esperam aqui e são enviadas quando a rede voltar; o Coach precisa da rede.",
  queueTitle: "Esperando a rede",
  queueIntro: "Guardado neste dispositivo, ainda não salvo: cada uma é enviada, em ordem, quando a rede voltar.",
  waiting: "{date}: {values} — esperando a rede.",
  sending: "Enviando…",
  refused: "{date}: {values} — não foi salvo. O servidor disse: {detail}",
  discard: "Descartar",
  dismiss: "Fechar",
  discardLabel: "Descartar o salvamento pendente de {date}",
  dismissLabel: "Fechar o salvamento recusado de {date}",
  queued: "Sem rede: a medida de {date} espera neste dispositivo e é enviada quando a rede voltar. Ainda não está salva.",
  queuedStored: "Enviada deste dispositivo: a medida de {date} está salva.",
  notQueued: "Sem rede, e este dispositivo não conseguiu guardar a medida de {date}: nada foi salvo. Tente de novo quando estiver conectado.",
  editNeedsNetwork: "Esvaziar um valor precisa da rede: nada foi alterado. Tente de novo quando estiver conectado.",
  coachNeedsNetwork: "Você está sem conexão: o Coach precisa da rede. Sua mensagem fica aqui até você voltar a ter conexão.",
  fallbackTitle: "Sem conexão",
  fallbackText: "Você está sem conexão e esta página não foi aberta antes neste dispositivo, então não pode ser mostrada agora.",
  fallbackLink: "Abrir Medidas",
};

export const offlineText = { en, es, pt };
