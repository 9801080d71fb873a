// The colour theme a person picked: follow the system (no cookie), or always light or dark (the `theme` cookie).
import { cookies } from "next/headers";
import { z } from "zod";

export const themeChoices = ["system", "light", "dark"] as const;
export const themeChoiceSchema = z.enum(themeChoices);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

export const THEME_COOKIE = "theme";

export async function getThemeChoice(): Promise<ThemeChoice> {
  const parsed = themeChoiceSchema.safeParse((await cookies()).get(THEME_COOKIE)?.value);
  return parsed.success ? parsed.data : "system";
}
