// / : the chat with the Coach. `?c=<id>` opens a stored conversation, replayed with the same chips it showed live.
// A signed-out visitor sees what Palestra is instead (a link to a conversation still leads to /login).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { chooseProvider } from "@/lib/chat/run-chat-turn";
import { getProvider } from "@/lib/agent/providers/create-provider";
import { turnViewsFromConversation } from "@/lib/chat/turn-view";
import { getConversation, listConversations } from "@/lib/conversations/read-conversations";
import { getEnv } from "@/lib/env";
import { getDictionary } from "@/lib/i18n/get-locale";
import { getStore } from "@/lib/scope/get-store";
import { getSessionUser, requireUser } from "@/lib/session";
import { Landing } from "../_components/landing";
import { ChatScreen } from "./chat-screen";
import { TrustStatement } from "./trust-statement";
import "./chat.css";

export async function generateMetadata(): Promise<Metadata> {
  const { dictionary } = await getDictionary();
  return (await getSessionUser()) ? { title: dictionary.chat.title } : { title: { absolute: "Palestra" }, description: dictionary.landing.lead };
}

export default async function ChatPage({ searchParams }: { searchParams: Promise<{ c?: string | string[] }> }) {
  const { c } = await searchParams;
  if (!(await getSessionUser()) && c === undefined) {
    const { dictionary } = await getDictionary();
    return <Landing text={dictionary.landing} />;
  }
  const user = await requireUser();
  const { locale, dictionary } = await getDictionary();
  const conversationId = typeof c === "string" && c !== "" ? c : undefined;
  const store = getStore();
  const detail = conversationId ? await getConversation({ store, userId: user.id, conversationId }) : undefined;
  // Another user's conversation reads as absent, exactly like one that never existed.
  if (conversationId && !detail) notFound();
  // The provider this browser's turns will use (QA may pick another configured one by header).
  const provider = getProvider(getEnv(), chooseProvider((await headers()).get("x-palestra-provider")));
  return (
    <div className="chat-page">
      <h1 className="visually-hidden">{dictionary.chat.title}</h1>
      <ChatScreen
        locale={locale}
        text={dictionary.chat}
        outcomes={dictionary.traces.outcomes}
        resolutions={dictionary.traces.resolutions}
        initialConversations={await listConversations({ store, userId: user.id, limit: 50 })}
        initialConversationId={conversationId}
        initialTurns={detail ? turnViewsFromConversation(detail) : []}
        trustStatement={<TrustStatement provider={provider.name} model={provider.model} text={dictionary.chat.trust} />}
      />
    </div>
  );
}
