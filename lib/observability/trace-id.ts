// The one shape of a trace id, for every surface (a chat turn, an API request, a page save): `trc_` and 20 hex digits.
import crypto from "node:crypto";

export function newTraceId(): string {
  return `trc_${crypto.randomBytes(10).toString("hex")}`;
}
