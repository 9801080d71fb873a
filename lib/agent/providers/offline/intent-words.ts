// The words that tell what a message asks for, in English, Spanish and Portuguese, matched on folded text.

export const replaceWords = /(?<![\p{L}])(?:replace|overwrite|reemplaz\p{L}*|sustitu\p{L}*|sobrescrib\p{L}*|substitu\p{L}*|sobrescrev\p{L}*)/u;
export const affirmativeOnly =
  /^\s*(?:yes|yeah|yep|sure|ok|okay|si|sim|claro|vale|go ahead|do it|please do|pode|hazlo|dale)(?:[\s,.!]+(?:please|por favor|do it|hazlo|pode))*[\s.!]*$/;
export const negativeStart = /^\s*(?:no|nope|nao|don't|do not|keep|deja|dejalo|mantenlo|manten|mantener|mantenha|manter|deixa|deixe)(?![\p{L}])/u;
/** A whole message that only greets ("hi", "hola", "bom dia") or thanks ("thanks!", "muchas gracias", "valeu"). */
export const greetingOnly =
  /^\s*[¡]?(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|hola|buenas|buenos dias|buenas (?:tardes|noches)|ola|oi|bom dia|boa (?:tarde|noite))(?:\s+(?:there|coach|palestra))?[\s!.,]*$/u;
export const thanksOnly =
  /^\s*[¡]?(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|gracias|muchas gracias|mil gracias|obrigad[oa]|muito obrigad[oa]|valeu)(?:\s+(?:so much|coach|a lot))?[\s!.,]*$/u;
export const saveVerbs =
  /(?<![\p{L}])(?:save|store|record|log|add|set|guarda\p{L}*|registra\p{L}*|anota\p{L}*|apunta|agrega|anade|salva\p{L}*|salve|grava|registre|anote|adicion\p{L}*)(?![\p{L}])/u;
/** A question by its first word; a Spanish opening "¿" always starts one. */
export const questionStart = /^\s*(?:¿|(?:what|how|did|do|was|were|cuanto|cuanta|que|cual|como|quanto|quanta|qual|o que)(?![\p{L}]))/u;
export const listWords = /(?<![\p{L}])(?:list|show|history|display|lista|listar|liste|muestra|muestrame|mostrar|mostre|mostra|historial|historico)(?![\p{L}])/u;
/** Words that make a message with a date about the person's records ("my measurements", "mis registros"). */
export const recordWords = /(?<![\p{L}])(?:measurements?|records?|entr(?:y|ies)|medidas?|registros?|datos|dados|tengo|tenho|have i)(?![\p{L}])/u;
export const sincePattern = /(?<![\p{L}])(?:since|desde|a partir de|a partir del)\s*(?:the\s+|el\s+|o\s+)?$/u;
export const rangeConnectors = new Set(["to", "until", "till", "through", "thru", "-", "–", "al", "a", "hasta", "ate"]);

/** The chat cannot delete: these ask for it, so the coach points to the Measurements page instead of reading. */
export const deleteWords =
  /(?<![\p{L}])(?:delete|remove|erase|get rid of|undo|borra\p{L}*|elimina\p{L}*|quita\p{L}*|suprim\p{L}*|deshaz\p{L}*|apaga\p{L}*|apague\p{L}*|exclu[ia]\p{L}*|remov\p{L}*|delet\p{L}*|desfa[cz]\p{L}*)(?![\p{L}])/u;

/** "How am I doing?", "how has my weight changed this month?", "¿cómo voy?", "como estou indo?". */
export const progressWords = new RegExp(
  [
    "how am i doing",
    "how'?m i doing",
    "how am i going",
    "how am i progressing",
    "progress",
    "changed",
    "how (?:has|have|did) .{0,30}(?:change|changed|gone|evolved)",
    "trend",
    "evolution",
    "how much (?:weight )?(?:have i|did i) (?:lost|gained|lose|gain)",
    "como voy",
    "que tal voy",
    "como va mi",
    "como van mis",
    "progreso",
    "ha cambiado",
    "han cambiado",
    "cambiado",
    "evolucion",
    "tendencia",
    "cuanto (?:peso )?he (?:perdido|bajado|ganado|subido)",
    "como estou indo",
    "como estou",
    "como vou",
    "como anda",
    "como andam",
    "progresso",
    "mudou",
    "mudaram",
    "mudado",
    "evolucao",
    "quanto (?:peso )?(?:eu )?(?:perdi|ganhei|emagreci|engordei)",
  ]
    .map((phrase) => `(?<![\\p{L}])${phrase}(?![\\p{L}])`)
    .join("|"),
  "u",
);

/** A change rather than a value ("I lost 2 kg", "perdí 2 kilos", "engordei 1 quilo"): never saved as a weight. */
export const changeWords =
  /(?<![\p{L}])(?:lost|lose|losing|gained|gain|gaining|put on|dropped|(?:down|up) (?:by )?(?=[-−–]?\d)|perdi|perdido|gane|ganado|engorde|adelgace|baje|bajado|subi|subido|ganhei|emagreci|engordei|perdeu|ganhou|more than|less than|mas que|menos que|mais que)(?![\p{L}])/u;

/** A target rather than a measurement ("my goal is 72 kg", "mi objetivo es", "minha meta é"): set_goal, never a save. */
export const goalWords = /(?<![\p{L}])(?:goal|target|objetivo|meta|alvo)(?![\p{L}])/u;
