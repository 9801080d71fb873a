// Placeholder for the Coach chat (built on the chat branch): signed-in people land on their measurements meanwhile.
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/session";

export default async function ChatPage() {
  await requireUser();
  redirect("/measurements");
}
