// What the database holds for the drills' checks, read directly on the cluster (not through any instance).
import pg from "pg";
import type { StoredMeasurement, StoredRecord } from "../crash/check-keyed-writes";

export async function readStoredWrites(options: {
  url: string;
  email?: string;
}): Promise<{ measurements: StoredMeasurement[]; records: StoredRecord[]; claims: number }> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const userFilter = `WHERE ($1::text IS NULL OR user_id = (SELECT id FROM "user" WHERE email = $1))`;
    const parameters = [options.email ?? null];
    const measurements = await client.query<{ date: string; weight_kg: number | null }>(`SELECT date, weight_kg FROM measurement ${userFilter}`, parameters);
    const records = await client.query<{ key: string; is_error: boolean; outcome: string }>(
      `SELECT key, is_error, outcome FROM idempotency_record ${userFilter} AND outcome IS NOT NULL`,
      parameters,
    );
    const claims = await client.query<{ count: string }>(`SELECT count(*) AS count FROM idempotency_record ${userFilter} AND outcome IS NULL`, parameters);
    return {
      measurements: measurements.rows.map((row) => ({ date: row.date, weightKg: row.weight_kg })),
      records: records.rows.map((row) => ({ key: row.key, isError: row.is_error, outcome: row.outcome })),
      claims: Number(claims.rows[0]?.count ?? 0),
    };
  } finally {
    await client.end();
  }
}
