// GET /measurements/export?format=csv|json: the signed-in user's records as a download, never cached. It reads under the
// user's QA read faults like the page: a read that still fails is a 503, never a file with some or none of the records.
import { z } from "zod";
import { displayValuesOf, measurementsToCsv } from "@/lib/export/measurements-csv";
import { todayIn } from "@/lib/measurements/dates";
import { unitsOf } from "@/lib/measurements/display-units";
import { localeOfHeaders } from "@/lib/i18n/locale-of-headers";
import { createRequestScope } from "@/lib/scope/request-scope";
import { getRequestUser } from "@/lib/session";
import { readPageRecords } from "../read-page-records";

const formatSchema = z.enum(["csv", "json"]);
const noStore = { "cache-control": "no-store" };

export async function GET(request: Request): Promise<Response> {
  const user = await getRequestUser(request);
  if (!user) return Response.json({ error: "unauthorized" }, { status: 401, headers: noStore });
  const format = formatSchema.safeParse(new URL(request.url).searchParams.get("format") ?? "json");
  if (!format.success) return Response.json({ error: "format must be csv or json" }, { status: 400, headers: noStore });
  const read = await readPageRecords(createRequestScope({ user, locale: localeOfHeaders(request.headers) }));
  if (!read.ok) {
    const message = `Your records could not be read right now (${read.attempts} attempts); nothing was exported. Try again in a moment.`;
    return Response.json({ error: "unavailable", attempts: read.attempts, message }, { status: 503, headers: noStore });
  }
  const { records } = read;
  const filename = `palestra-measurements-${todayIn()}.${format.data}`;
  const headers = { ...noStore, "content-disposition": `attachment; filename="${filename}"` };
  if (format.data === "csv") {
    return new Response(measurementsToCsv(records, { unitSystem: user.units }), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
  }
  // Imperial readers get display_values beside the stored metric values, as the Coach's reads give them.
  const units = unitsOf(user.units);
  const shown = user.units === "imperial" ? records.map((record) => ({ ...record, display_values: displayValuesOf(record, units) })) : records;
  return new Response(JSON.stringify({ exported_at: new Date().toISOString(), records: shown }, null, 2), {
    headers: { ...headers, "content-type": "application/json; charset=utf-8" },
  });
}
