// What the chat page sends with each message to sendChatMessageAction, and how the action reads it.
import { z } from "zod";
import { locales } from "@/lib/i18n/locale";

export const sendMessageSchema = z.object({
  conversationId: z.string().min(1).max(100).optional(),
  message: z.string().trim().min(1),
  locale: z.enum(locales),
  // The browser's IANA zone only decides "today": anything that is not a string is dropped here, and an unknown name
  // falls back to the server's date in runChatTurn. Neither refuses the turn.
  timeZone: z.string().optional().catch(undefined),
});

/** As the page calls the action (locale unchecked until the schema reads it). */
export type SendMessageInput = { conversationId?: string; message: string; locale: string; timeZone?: string };
