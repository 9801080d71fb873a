// Runs once when a Next.js server starts: validates the configuration and prepares the database before any request.
export async function register(): Promise<void> {
  // The edge runtime has neither the filesystem nor better-sqlite3; Palestra serves everything from Node.js.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServer } = await import("@/lib/prepare-server");
  await prepareServer();
}
