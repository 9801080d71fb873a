// / : the chat with the Coach. `?c=<id>` opens a stored conversation, replayed with the same chips it showed live.
// A signed-out visitor sees what Palestra is instead (a link to a conversation still leads to /login).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { chooseProvider } from "@/lib/chat/run-chat-turn";
import { getProvider } from "@/lib/agent/providers/create-provider";
import { turnViewsFromConversation, withStoredQuickReplies, type TurnView } from "@/lib/chat/turn-view";
import { getConversation, listConversations } from "@/lib/conversations/read-conversations";
import { getEnv } from "@/lib/env";
import type { Store } from "@/lib/store/store";
import { getTurnTrace } from "@/lib/traces/read-traces";
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

/** The stored turns, the latest with the answers its question offered (its trace's turn-end event keeps them). */
async function replayedTurns(options: { store: Store; userId: string; views: TurnView[] }): Promise<TurnView[]> {
  const latest = options.views.at(-1);
  if (!latest?.turnId || latest.outcome !== "answered") return options.views;
  const trace = await getTurnTrace({ store: options.store, userId: options.userId, turnId: latest.turnId });
  return trace ? [...options.views.slice(0, -1), withStoredQuickReplies(latest, trace.events)] : options.views;
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
        offlineNote={dictionary.offline.coachNeedsNetwork}
        outcomes={dictionary.traces.outcomes}
        resolutions={dictionary.traces.resolutions}
        initialConversations={await listConversations({ store, userId: user.id, limit: 50 })}
        initialConversationId={conversationId}
        initialTurns={detail ? await replayedTurns({ store, userId: user.id, views: turnViewsFromConversation(detail) }) : []}
        trustStatement={<TrustStatement provider={provider.name} model={provider.model} text={dictionary.chat.trust} />}
      />
    </div>
  );
}
