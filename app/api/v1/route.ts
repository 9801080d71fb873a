// /api/v1 itself (also where `/api/v1/conversations/..` lands once normalized): nothing is served here, a problem+json 404.
import { apiNotFound } from "@/lib/http/api-not-found";

export const GET = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const PATCH = apiNotFound;
export const DELETE = apiNotFound;
export const OPTIONS = apiNotFound;
