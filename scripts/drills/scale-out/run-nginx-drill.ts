// nginx round robin in front of three instances on one PostgreSQL: a person signs up and in, chats, saves and reads
// through it; every answer must be the one a single instance would give, whichever instance gave it.
import { addDays, todayIn } from "@/lib/measurements/dates";
import { findFreePort } from "@/scripts/bench/start-app-server";
import { createTargetChecker, type DrillReport } from "../support/drill-report";
import { chat, getJson, putWeight, signUpAndIn } from "./http-client";
import { startInstances } from "./start-instances";
import { startNginx } from "./start-nginx";

export async function runNginxDrill(options: { reads: number }): Promise<DrillReport> {
  const started = performance.now();
  const checker = createTargetChecker();
  const port = await findFreePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const instances = await startInstances({ count: 3, publicUrl });
  const nginx = await startNginx({ port, upstreams: instances.servers.map((server) => new URL(server.url).host) });
  try {
    const person = await signUpAndIn({ url: nginx.url, label: "nginx-drill" });
    const yesterday = addDays(todayIn(), -1);
    const saved = await chat({ client: person, message: `Save weight 80.4 kg for ${yesterday}` });
    const conversationId = String(saved.body.conversationId ?? "");
    checker.expect(saved.status === 200 && saved.body.outcome === "answered", `the saving chat turn answered ${saved.status} ${String(saved.body.outcome)}`);
    const asked = await chat({ client: person, conversationId, message: `What did I weigh on ${yesterday}?` });
    checker.expect(
      asked.status === 200 && /80[.,]4/.test(String(asked.body.reply)),
      `the reading chat turn answered ${asked.status}: ${String(asked.body.reply)}`,
    );
    const put = await putWeight({ client: person, date: addDays(yesterday, -1), weightKg: 79.9, key: "nginx-drill-put" });
    checker.expect(put.status === 201, `the PUT through nginx answered ${put.status}`);
    let consistentReads = 0;
    for (let index = 0; index < options.reads; index += 1) {
      const read = await getJson({ client: person, path: `/api/v1/measurements?from=${addDays(yesterday, -1)}&to=${yesterday}` });
      const records = (read.body as { records?: { date: string; values: { weight_kg?: number } }[] }).records ?? [];
      const weights = records.map((record) => record.values.weight_kg);
      if (read.status === 200 && weights.length === 2 && weights[0] === 79.9 && weights[1] === 80.4) consistentReads += 1;
    }
    checker.expect(consistentReads === options.reads, `${consistentReads} of ${options.reads} reads through nginx saw both saves`);
    const list = await getJson({ client: person, path: "/api/v1/conversations" });
    const conversations = (list.body as { conversations?: { id: string }[] }).conversations ?? [];
    checker.expect(conversations.length === 1 && conversations[0]?.id === conversationId, `the conversation list holds ${conversations.length} conversations`);
    const answered = nginx.upstreamsAnswered();
    const perInstance = instances.servers.map((server) => answered.filter((address) => address === new URL(server.url).host).length);
    checker.expect(
      perInstance.every((count) => count > 0),
      `requests per instance: ${perInstance.join("/")}`,
    );
    return {
      name: "scale-out-nginx",
      passed: checker.failures.length === 0,
      figures: {
        instances: 3,
        requests_through_nginx: answered.length,
        per_instance: perInstance.join("/"),
        consistent_reads: `${consistentReads}/${options.reads}`,
      },
      failures: checker.failures,
      durationMs: performance.now() - started,
    };
  } finally {
    await nginx.stop();
    await instances.stop();
  }
}
