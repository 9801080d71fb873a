// The composition root's second pick from db/: the reader of Health Connect's SQLite export (another app's file,
// never the store), handed to the import's format parser, which cannot import db/ itself.
import "server-only";
export { readHealthConnectExport } from "@/db/health-connect/read-health-connect-export";
