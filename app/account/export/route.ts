// GET /account/export: everything stored for the signed-in user as one JSON download, never cached.
import { getStore } from "@/lib/scope/get-store";
import { exportAccountData } from "@/lib/account/export-account-data";
import { todayIn } from "@/lib/measurements/dates";
import { getRequestUser } from "@/lib/session";

export async function GET(request: Request): Promise<Response> {
  const user = await getRequestUser(request);
  if (!user) return Response.json({ error: "unauthorized" }, { status: 401, headers: { "cache-control": "no-store" } });
  const data = await exportAccountData({ store: getStore(), userId: user.id });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="palestra-account-${todayIn()}.json"`,
    },
  });
}
