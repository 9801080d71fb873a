// Words the offline coach knows are not dates, in English, Spanish and Portuguese (folded: no accents, lower case):
// a word outside this list that is close to a date word is asked about (find-misspelled-dates.ts). The list holds the
// words people write around a measurement; a missing one only makes the coach ask once more, never guess.
import { fieldFromName } from "./field-words";

const english = `a about after again ago all already also am an and any are as ask at ate back be bed before been being but by
  can check could day days did do does doing done down dinner each early eat eating evening every fasting fat feel feeling
  felt fine first for from gain gained gym had has have having he hello help her here hey hi his how i i'm if in into is it
  its just keep kg kilo kilos last late later like log lost lunch made many me measure measured measurement measurements
  meal month months more morning most much my myself name need new next night no not note now of off ok okay old on once
  one only or other our out over past please post pre put record records replace run same save saved scale set shower
  should show since so some still store than thank thanks that the their them then there these they thing think this those
  time to too training try two up us very was wake walk want was we week weeks weigh weighed weighing weight well were
  what when where which while who why will with woke work workout would year years yes yet you your breakfast home hotel
  office trip today tonight noon midnight after-work gym's before-breakfast nope yeah yep sure please cheers great good
  nice awesome perfect hiya howdy morning afternoon kind regards`;
const spanish = `a al algo antes aqui asi ayuda bien buenas bueno buenos cada casa cena comer comida como con cual cuando cuanto
  de del desayuno desde despues dia dias donde el ella en entre era es esa ese eso esta estaba estas este esto estoy fue
  gimnasio gracias guarda guardar hola hoy hice la las le lo los luego mal mas me medida medidas mes meses mi mis mucho
  muy nada ni no noche nos nota nuevo o otra otro para pero peso pese pesaba poco por porque que quiero registra registrar
  se semana ser si sin sobre solo su sus tambien tarde te tengo todo todos trabajo tu un una uno ya y yo ayunas ayuno
  entrenamiento entreno correr ducha dormir despertar vale claro perfecto genial buen saludos tardes noches`;
const portuguese = `a ao aos as academia agora ainda antes aqui bem boa bom casa com como da das de depois dia dias do dos e
  ela ele em entre era essa esse esta estava este estou eu foi hoje isso isto ja jejum la mais manha me medida medidas meu
  minha mes meses muito na nada nas nao no noite nos nota o obrigado obrigada ola os ou para pela pelo pesei peso pesava
  por porque pouco que quero registra registrar se semana sem ser so sua tambem tarde te tenho todo tudo um uma treino
  trabalho banho acordar acordei cafe almoco jantar sim claro perfeito otimo beleza valeu boa-tarde boa-noite`;

/** Units and words near dates and numbers. */
const units = `kg kilo kilos kilogram kilograms kilogramo kilogramos quilo quilos quilograma quilogramas lb lbs pound pounds libra
  libras cm centimeter centimeters centimetre centimetres centimetro centimetros inch inches pulgada pulgadas polegada polegadas
  ft feet foot pie pies pe pes percent por ciento cento stone stones`;
/** Everyday words found close to a date word ("case", "page", "texto", "nesta"): known, so never taken for one. */
const nearDateWords = `abajo abrir act adds alem alert alter ano anote another area arms array atual aun bajado banco bare
  basado base baseado busy came case caso cero chave coming conte contem conter cuenta dados dale dame dark data datas date
  dates dato datos delta demas dentro desta dice died diez diga dime disk disso diz dois draws dry duas due easy elas email
  entao enter entero entra entrou entry erro ever extra faca fail fake fale fazer feet feita fits full futuro ganado gave get
  gone haber hacer haja half han hang hard hash haver hay haya haz huge item judge judges keeps kept keys largo layers leaks
  leer left ler let leyo line linea lines links lone loses main maior make makes manage manter map maps mar marked marks mass
  master match math max maximo may maybe meets merges met meta min mine mix modo mude needs nem nesta net nine none noted
  notes nuevas nueve nuevos null ones otras otros outras outro pace page pago pair pans parado parses parte parts pascoa
  pascua pass passed patch peca per phase place prazo pude puedes pure quantas quanto quatro quer quita quitar quito quiza
  quota rate ratio rest resta ronda rondas rule rules runs sabe saber safe said sair salio santa sao say says sea see seed
  seeds sees segundo segundos sei seis self send senha sent seq sera sete sets seu seus shape share slot sort stays step
  steps stray suas subido take tape tem tema tener tenga tenia tenta ter test text texto texts tienes ties trace tres tuyo
  umas unas undo unico unit unos uns usada usado use user uses vacio vai vas vazio ver viene vienen voce wait way ways went
  works zero zone hoje hora horas manha cedo jejum`;

export const knownWords: ReadonlySet<string> = new Set(
  [english, spanish, portuguese, units, nearDateWords].flatMap((list) => list.split(/\s+/).filter(Boolean)),
);

/** A word is known when it is in the list or names a measurement ("peso", "waist"). */
export function isKnownWord(word: string): boolean {
  return knownWords.has(word) || fieldFromName(word) !== undefined;
}
