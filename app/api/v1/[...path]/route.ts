// Any other /api/v1/… address: a problem+json 404 (lib/http/api-not-found.ts).
import { apiNotFound } from "@/lib/http/api-not-found";

export const GET = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const PATCH = apiNotFound;
export const DELETE = apiNotFound;
export const OPTIONS = apiNotFound;
