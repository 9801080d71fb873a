// Checks real answers of the server against the OpenAPI document it serves. The JSON Schema work is done by
// @hyperjump/json-schema, which implements the OpenAPI 3.1 dialect (JSON Schema 2020-12) as the document declares it;
// this file only finds the operation, the declared status, media type and headers, and reports what does not match.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setShouldValidateFormat } from "@hyperjump/json-schema";
import { BASIC } from "@hyperjump/json-schema/experimental";
import { validate } from "@hyperjump/json-schema/openapi-3-1";
import type { APIResponse } from "@playwright/test";

type Json = Record<string, unknown>;
export type Answer = { status: number; headers: Record<string, string>; body: Buffer };

const METHODS = ["get", "put", "post", "delete", "options", "patch"] as const;

export async function answerOf(response: APIResponse): Promise<Answer> {
  return { status: response.status(), headers: response.headers(), body: await response.body() };
}

/** A JSON pointer segment, as a URI fragment needs it. */
const segment = (name: string) => encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"));

/** The events of a text/event-stream body: `event:` name and parsed `data:` JSON each. */
export function parseEventStream(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice(7) ?? "message";
      const data = lines
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) as unknown };
    });
}

export type OpenApiConformance = {
  /** Everything about `answer` the document does not allow; empty when it conforms. Records the operation and status. */
  check: (method: string, url: string, answer: Answer) => Promise<string[]>;
  /** operationId -> statuses seen, for the coverage assertion. */
  seen: Map<string, Set<number>>;
  operationIds: string[];
  dispose: () => void;
};

export async function createOpenApiConformance(document: Json): Promise<OpenApiConformance> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "palestra-conformance-"));
  // The filesystem name tells the validator this is an OpenAPI document (it then knows the 3.1 schema dialect).
  const file = path.join(folder, "palestra.openapi.json");
  fs.writeFileSync(file, JSON.stringify(document));
  const base = `file://${file}`;
  setShouldValidateFormat(true);
  const paths = document.paths as Record<string, Record<string, Json>>;
  const components = document.components as Record<string, Record<string, Json>>;
  const seen = new Map<string, Set<number>>();
  const operationIds = Object.values(paths).flatMap((item) => METHODS.filter((method) => item[method]).map((method) => String(item[method]?.operationId)));

  const templates = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));

  /** Follows a local $ref (responses and headers are referenced from components). */
  const resolve = (value: Json): { value: Json; pointer?: string } => {
    const reference = value.$ref;
    if (typeof reference !== "string") return { value };
    const [, kind = "", name = ""] = /^#\/components\/(\w+)\/(.+)$/.exec(reference) ?? [];
    return { value: components[kind]?.[name] ?? {}, pointer: `#/components/${segment(kind)}/${segment(name)}` };
  };

  async function schemaProblems(uri: string, instance: unknown, what: string): Promise<string[]> {
    const output = await validate(uri, instance as never, BASIC);
    if (output.valid) return [];
    const errors = (output.errors ?? []).map((error) => `${error.instanceLocation} fails ${error.absoluteKeywordLocation.replace(base, "")}`);
    return [`${what}: ${errors.slice(0, 5).join("; ")}`];
  }

  async function check(method: string, url: string, answer: Answer): Promise<string[]> {
    const pathname = new URL(url, "http://server").pathname;
    const match = templates.find((entry) => entry.pattern.test(pathname));
    if (!match) return [`${method} ${pathname}: no path of the document matches`];
    const operation = paths[match.template]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${match.template}: the document has no such operation`];
    const where = `${method} ${match.template} ${answer.status}`;
    const declared = (operation.responses as Record<string, Json>)[String(answer.status)];
    if (!declared) return [`${where}: status not declared`];
    const operationId = String(operation.operationId);
    if (!seen.has(operationId)) seen.set(operationId, new Set());
    seen.get(operationId)?.add(answer.status);

    const problems: string[] = [];
    const { value: response, pointer: responsePointer } = resolve(declared);
    const responseUri = `${base}${responsePointer ?? `#/paths/${segment(match.template)}/${method.toLowerCase()}/responses/${answer.status}`}`;
    for (const [name, headerDeclaration] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const { value: header, pointer } = resolve(headerDeclaration);
      const value = answer.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) problems.push(`${where}: required header ${name} missing`);
        continue;
      }
      const headerUri = pointer ? `${base}${pointer}/schema` : `${responseUri}/headers/${segment(name)}/schema`;
      problems.push(...(await schemaProblems(headerUri, value, `${where} header ${name}`)));
    }

    const content = response.content as Record<string, Json> | undefined;
    if (!content) {
      if (answer.body.length > 0) problems.push(`${where}: a body where the document declares none`);
      return problems;
    }
    const mediaType = (answer.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
    const media = content[mediaType];
    if (!media) return [...problems, `${where}: content type ${mediaType || "(none)"} not declared (${Object.keys(content).join(", ")})`];
    const mediaUri = `${responseUri}/content/${segment(mediaType)}/schema`;
    const text = answer.body.toString("utf8");
    if (mediaType === "text/event-stream") {
      const items = ((media.schema as Json).contentSchema as Json | undefined)?.items as Json | undefined;
      const eventPointer = items ? resolve(items).pointer : undefined;
      if (!eventPointer) return [...problems, `${where}: the event stream declares no event schema`];
      for (const [index, event] of parseEventStream(text).entries())
        problems.push(...(await schemaProblems(`${base}${eventPointer}`, event, `${where} event ${index} (${event.event})`)));
      return problems;
    }
    if (mediaType.endsWith("json")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return [...problems, `${where}: the body is not JSON`];
      }
      problems.push(...(await schemaProblems(mediaUri, parsed, `${where} body`)));
      return problems;
    }
    problems.push(...(await schemaProblems(mediaUri, text, `${where} body`)));
    return problems;
  }

  return { check, seen, operationIds, dispose: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
