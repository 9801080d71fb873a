// GET /measurements/export?format=csv|json: the signed-in user's records as a download, never cached.
import { z } from "zod";
import { getDatabase } from "@/db/client";
import { measurementsToCsv } from "@/lib/export/measurements-csv";
import { todayIn } from "@/lib/measurements/dates";
import { listAllMeasurements } from "@/lib/measurements/read-measurements";
import { getRequestUser } from "@/lib/session";

const formatSchema = z.enum(["csv", "json"]);
const noStore = { "cache-control": "no-store" };

export async function GET(request: Request): Promise<Response> {
  const user = await getRequestUser(request);
  if (!user) return Response.json({ error: "unauthorized" }, { status: 401, headers: noStore });
  const format = formatSchema.safeParse(new URL(request.url).searchParams.get("format") ?? "json");
  if (!format.success) return Response.json({ error: "format must be csv or json" }, { status: 400, headers: noStore });
  const records = listAllMeasurements({ db: getDatabase().db, userId: user.id });
  const filename = `palestra-measurements-${todayIn()}.${format.data}`;
  const headers = { ...noStore, "content-disposition": `attachment; filename="${filename}"` };
  if (format.data === "csv") {
    return new Response(measurementsToCsv(records), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
  }
  return new Response(JSON.stringify({ exported_at: new Date().toISOString(), records }, null, 2), {
    headers: { ...headers, "content-type": "application/json; charset=utf-8" },
  });
}
