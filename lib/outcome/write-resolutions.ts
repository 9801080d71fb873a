// What resolving an uncertain save found (tool_call.resolution), shown by the chat and the API. The values are the
// stored column's, declared with the port (lib/store/records.ts); pure, so response schemas and the browser import it.
export { writeResolutions, type WriteResolution } from "@/lib/store/records";
