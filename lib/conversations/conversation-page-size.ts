// The largest page of GET /api/v1/conversations (pure, so request schemas can import it).
export const MAX_CONVERSATIONS_PAGE = 100;
