// The /measurements goal form's words in en, es and pt: setting, changing and removing a field's target, and what a
// goal write's contract codes mean to a person (write_failed, outcome_unknown, idempotency_key_reused).
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

const en = {
  title: "Set a goal",
  field: "Measurement",
  target: "Target",
  current: "Current goal: {target}.",
  noCurrent: "No goal set for this measurement.",
  save: "Save goal",
  saving: "Saving…",
  remove: "Remove goal",
  saved: "Saved the goal for {field}: {target}.",
  removed: "Removed the goal for {field}.",
  nothingToRemove: "There was no goal for {field}, so nothing changed.",
  targetMissing: "{field}: enter a target, or remove the goal.",
  failures: {
    writeFailed: "The goal for {field} was not saved: the storage refused the write, so nothing changed. Please try again later.",
    outcomeUnknown:
      "Saving the goal for {field} could not be confirmed: it may or may not have been stored. Save again: the same request is sent, so it cannot be applied twice.",
    keyReused: "This form was already used for a different goal, so nothing was changed. Please check the goal and save again.",
    other: "The goal for {field} was not saved. Please try again.",
  },
} as const;

export type GoalText = Messages<typeof en>;

const es: GoalText = {
  title: "Fijar un objetivo",
  field: "Medida",
  target: "Objetivo",
  current: "Objetivo actual: {target}.",
  noCurrent: "No hay objetivo para esta medida.",
  save: "Guardar objetivo",
  saving: "Guardando…",
  remove: "Quitar objetivo",
  saved: "Se guardó el objetivo de {field}: {target}.",
  removed: "Se quitó el objetivo de {field}.",
  nothingToRemove: "No había objetivo de {field}, así que no cambió nada.",
  targetMissing: "{field}: escribe un objetivo, o quita el objetivo.",
  failures: {
    writeFailed: "El objetivo de {field} no se guardó: el almacenamiento rechazó la escritura, así que no cambió nada. Inténtalo más tarde.",
    outcomeUnknown:
      "No se pudo confirmar si el objetivo de {field} se guardó: puede que sí o puede que no. Guarda de nuevo: se envía la misma petición, así que no puede aplicarse dos veces.",
    keyReused: "Este formulario ya se usó para otro objetivo, así que no cambió nada. Revisa el objetivo y guarda de nuevo.",
    other: "El objetivo de {field} no se guardó. Inténtalo de nuevo.",
  },
};

const pt: GoalText = {
  title: "Definir uma meta",
  field: "Medida",
  target: "Meta",
  current: "Meta atual: {target}.",
  noCurrent: "Nenhuma meta para esta medida.",
  save: "Salvar meta",
  saving: "Salvando…",
  remove: "Remover meta",
  saved: "A meta de {field} foi salva: {target}.",
  removed: "A meta de {field} foi removida.",
  nothingToRemove: "Não havia meta de {field}, então nada mudou.",
  targetMissing: "{field}: digite uma meta, ou remova a meta.",
  failures: {
    writeFailed: "A meta de {field} não foi salva: o armazenamento recusou a gravação, então nada mudou. Tente mais tarde.",
    outcomeUnknown:
      "Não foi possível confirmar se a meta de {field} foi salva: pode ter sido ou não. Salve de novo: o mesmo pedido é enviado, então não pode ser aplicado duas vezes.",
    keyReused: "Este formulário já foi usado para outra meta, então nada mudou. Confira a meta e salve de novo.",
    other: "A meta de {field} não foi salva. Tente de novo.",
  },
};

export const goalText: Record<Locale, GoalText> = { en, es, pt };
