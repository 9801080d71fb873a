"use server";
// Server actions of /qa: arm and clear the signed-in user's own storage faults; refused unless QA is enabled.
import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getStore } from "@/lib/scope/get-store";
import { getEnv } from "@/lib/env";
import { armFaultInputSchema } from "@/lib/faults/fault-modes";
import { armFault, clearFaults } from "@/lib/faults/manage-faults";
import { requireUser } from "@/lib/session";

export type QaActionState =
  { status: "idle" } | { status: "armed"; mode: string; target: string } | { status: "cleared"; count: number } | { status: "invalid" };

async function requireQaUser() {
  if (!getEnv().qaEnabled) notFound();
  return requireUser();
}

const armFormSchema = z.object({
  // "lost_ack:write": one choice picks the mode and the target it applies to.
  choice: z.string().regex(/^[a-z_]+:(read|write)$/),
  count: z.string().trim().default(""),
});

export async function armFaultAction(_previous: QaActionState, formData: FormData): Promise<QaActionState> {
  const user = await requireQaUser();
  const form = armFormSchema.safeParse({ choice: formData.get("choice"), count: formData.get("count") ?? "" });
  if (!form.success) return { status: "invalid" };
  const [mode, target] = form.data.choice.split(":");
  const count = form.data.count === "" ? undefined : Number(form.data.count);
  const input = armFaultInputSchema.safeParse({ mode, target, ...(count === undefined ? {} : { count }) });
  if (!input.success) return { status: "invalid" };
  await armFault({ store: getStore(), userId: user.id, input: input.data });
  // The banner lives in the root layout: every page must re-read it.
  revalidatePath("/", "layout");
  return { status: "armed", mode: input.data.mode, target: input.data.target };
}

const clearFormSchema = z.object({ id: z.coerce.number().int().positive().optional() });

export async function clearFaultsAction(_previous: QaActionState, formData: FormData): Promise<QaActionState> {
  const user = await requireQaUser();
  const id = formData.get("id");
  const form = clearFormSchema.safeParse({ id: id === null || id === "" ? undefined : id });
  if (!form.success) return { status: "invalid" };
  const count = await clearFaults({ store: getStore(), userId: user.id, id: form.data.id });
  revalidatePath("/", "layout");
  return { status: "cleared", count };
}
