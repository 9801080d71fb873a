// The types that make a message's {name} placeholders its parameters: the English text of a dictionary is kept as
// literal types, each string becomes a MessageText naming its placeholders, and formatMessage asks for exactly those.

declare const placeholderNames: unique symbol;

/** The {name} placeholders of a literal template ("{date} holds {stored}" -> "date" | "stored"). */
type ParsedPlaceholders<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${string}${" " | "{" | "}"}${string}` | "" ? never : Name) | ParsedPlaceholders<Rest>
  : never;

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never;

/** A string holding every placeholder in `Names` (an intersection of patterns; plain `string` when there are none). */
type Holding<Names extends string> = [Names] extends [never] ? string : UnionToIntersection<Names extends string ? `${string}{${Names}}${string}` : never>;

/**
 * A translated message whose placeholders are `Names`: another language's text must hold each of them (a missing one
 * is a compile error where es and pt are written), and the names travel in a type-only tag to formatMessage.
 */
export type MessageText<Names extends string = never> = Holding<Names> & { readonly [placeholderNames]?: Names };

/** A message with one text per plural category; `other` is required, the rest fall back to it. Forms may drop {count}. */
export type PluralText<Names extends string = string> = { readonly [Category in Intl.LDMLPluralRule]?: string } & {
  readonly other: string;
  readonly [placeholderNames]?: Names;
};

/** The placeholder names of a template: from its tag when it has one, else read from its literal text. */
export type PlaceholdersOf<Template> = Template extends { readonly [placeholderNames]?: infer Names }
  ? typeof placeholderNames extends keyof Template
    ? Extract<Names, string>
    : ParsedFrom<Template>
  : ParsedFrom<Template>;

type ParsedFrom<Template> = Template extends string
  ? ParsedPlaceholders<Template>
  : Template extends { readonly other: string }
    ? ParsedPlaceholders<Extract<Template[keyof Template], string>>
    : never;

/** The values a template asks for: one per placeholder, none more (nothing at all when it has none). */
export type MessageValues<Names extends string> = [Names] extends [never]
  ? [values?: Record<string, never>]
  : [values: { readonly [Name in Names]: string | number }];

type IsPlural<Node> = Node extends { readonly other: string }
  ? Exclude<keyof Node, Intl.LDMLPluralRule | typeof placeholderNames> extends never
    ? true
    : false
  : false;

/**
 * The type of a language's texts, derived from the English ones (written `as const`): each string a MessageText with
 * the English text's placeholders, each plural object a PluralText, arrays and sections kept.
 */
export type Messages<English> = English extends string
  ? MessageText<PlaceholdersOf<English>>
  : IsPlural<English> extends true
    ? PluralText<PlaceholdersOf<English>>
    : English extends readonly (infer Entry)[]
      ? readonly Messages<Entry>[]
      : English extends object
        ? { readonly [Key in keyof English]: Messages<English[Key]> }
        : English;
