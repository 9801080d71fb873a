// Guesses whether a message is English, Spanish or Portuguese from words only one of them uses.
import type { Locale } from "../../../i18n/locale";

// Words shared by two languages ("peso", "cintura", "nada", "medidas") are left out on purpose: they carry no signal.
const wordsByLocale: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    (
      "what did i weigh weighed my show list save record store the on from to today yesterday last past days weeks months yes " +
      "replace it if there is nothing try this morning and weight waist note measurements measurement how much was were " +
      "of for with neck chest hips calf height body fat please day before otherwise keep don't not between until " +
      "hello hi hey thanks thank you delete remove doing progress changed ago week weekend month pounds inches tall tomorrow birthday " +
      "monday tuesday wednesday thursday friday saturday sunday " +
      "january february march april may june july august september october november december"
    ).split(" "),
  ),
  es: new Set(
    (
      "qué cuánto cuanto pesaba pesé hoy ayer guarda guardar guárdame registra anota apunta muestra muéstrame muestrame " +
      "mis el la los las del días día sí reemplázalo reemplaza reemplazar reemplace sustituye hay prueba " +
      "mañana y cuello pecho cadera pantorrilla grasa después vacaciones desde hasta " +
      "anteayer tengo mi enero febrero marzo mayo junio julio septiembre octubre noviembre diciembre " +
      "hola borra borrar bórralo elimina eliminar quita voy progreso cambiado hace pasado pasada lunes martes miércoles " +
      "jueves viernes pesaré mañana pulgadas cumpleaños estoy gracias muchas buenas buenos"
    ).split(" "),
  ),
  pt: new Set(
    (
      "quanto eu pesava pesei hoje ontem em não há houver tente tenta salve salvar registre mostre " +
      "minhas meu meus dias dia sim substitua substituir substitui manhã e pescoço peito quadril panturrilha gordura " +
      "depois das férias até do da na você liste janeiro fevereiro março maio junho julho setembro outubro novembro dezembro " +
      "olá oi apague apagar apaga exclua excluir estou indo progresso mudou passada passado segunda terça quarta quinta sexta " +
      "amanhã polegadas quilos aniversário anteontem obrigado obrigada muito valeu bom boa"
    ).split(" "),
  ),
};

/** The language the words point to, or undefined when no language clearly leads. */
export function detectLanguage(text: string): Locale | undefined {
  const words =
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}']+/gu) ?? [];
  const scores = (Object.keys(wordsByLocale) as Locale[]).map((locale) => ({
    locale,
    score: words.filter((word) => wordsByLocale[locale].has(word)).length,
  }));
  scores.sort((left, right) => right.score - left.score);
  const [first, second] = scores;
  if (!first || first.score === 0 || (second && second.score === first.score)) return undefined;
  return first.locale;
}
