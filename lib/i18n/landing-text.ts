// The signed-out landing page, in en, es and pt.
import type { Locale } from "./locale";
import type { Messages } from "./message-text";

const en = {
  title: "A fitness coach you host yourself, and that tells you the truth",
  lead: "Palestra keeps your body measurements on your own server. Tell its Coach what you weighed this morning or ask what you measured in January, in plain words; look at your trends on charts; export everything whenever you like.",
  points: [
    {
      title: "Talk, don't fill forms",
      text: "“I weighed 77.4 kg this morning.” “What was my waist on 2 January? If there is nothing, try the 1st.” The Coach reads and saves your records for you, in English, Spanish or Portuguese.",
    },
    {
      title: "Honest when something fails",
      text: "If a save cannot be confirmed, the Coach stops and says so instead of guessing or saving twice, and you can check it with one click.",
    },
    {
      title: "Yours, on your machine",
      text: "One small server with an embedded database. Metric or imperial units, light or dark, and a full export of your data.",
    },
  ],
  signUp: "Create an account",
  logIn: "Log in",
  note: "The built-in Coach is rule-based and works offline; an instance can also connect it to a language model. It does not give medical advice.",
} as const;

export type LandingText = Messages<typeof en>;

const es: LandingText = {
  title: "Un coach de fitness que alojas tú mismo y que te dice la verdad",
  lead: "Palestra guarda tus medidas corporales en tu propio servidor. Cuéntale a su Coach cuánto pesaste esta mañana o pregúntale qué mediste en enero, con tus palabras; mira tus tendencias en gráficos; exporta todo cuando quieras.",
  points: [
    {
      title: "Habla, sin formularios",
      text: "«Esta mañana pesé 77,4 kg.» «¿Cuánto medía mi cintura el 2 de enero? Si no hay nada, prueba el 1.» El Coach lee y guarda tus registros por ti, en español, inglés o portugués.",
    },
    {
      title: "Honesto cuando algo falla",
      text: "Si no puede confirmar un guardado, el Coach se detiene y lo dice en vez de adivinar o guardar dos veces, y puedes comprobarlo con un clic.",
    },
    {
      title: "Tuyo, en tu máquina",
      text: "Un servidor pequeño con una base de datos integrada. Unidades métricas o imperiales, tema claro u oscuro y una exportación completa de tus datos.",
    },
  ],
  signUp: "Crear una cuenta",
  logIn: "Iniciar sesión",
  note: "El Coach integrado se basa en reglas y funciona sin conexión; una instancia también puede conectarlo a un modelo de lenguaje. No da consejo médico.",
};

const pt: LandingText = {
  title: "Um coach de fitness que você mesmo hospeda e que diz a verdade",
  lead: "O Palestra guarda as suas medidas corporais no seu próprio servidor. Conte ao Coach quanto você pesou hoje de manhã ou pergunte o que mediu em janeiro, com as suas palavras; veja as tendências em gráficos; exporte tudo quando quiser.",
  points: [
    {
      title: "Converse, sem formulários",
      text: "“Pesei 77,4 kg hoje de manhã.” “Qual era a minha cintura em 2 de janeiro? Se não houver nada, tente o dia 1.” O Coach lê e salva os seus registros por você, em português, inglês ou espanhol.",
    },
    {
      title: "Honesto quando algo falha",
      text: "Se não conseguir confirmar um salvamento, o Coach para e diz isso em vez de adivinhar ou salvar duas vezes, e você pode verificar com um clique.",
    },
    {
      title: "Seu, na sua máquina",
      text: "Um servidor pequeno com um banco de dados embutido. Unidades métricas ou imperiais, tema claro ou escuro e uma exportação completa dos seus dados.",
    },
  ],
  signUp: "Criar uma conta",
  logIn: "Entrar",
  note: "O Coach embutido é baseado em regras e funciona offline; uma instância também pode conectá-lo a um modelo de linguagem. Não dá conselho médico.",
};

export const landingText: Record<Locale, LandingText> = { en, es, pt };
