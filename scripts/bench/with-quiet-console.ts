// Holds back console output while `work` runs (the structured logs of deliberately injected failures), restoring it after.

export async function withQuietConsole<T>(work: () => Promise<T>): Promise<T> {
  const { log, error, warn } = console;
  const discard = () => {};
  console.log = discard;
  console.error = discard;
  console.warn = discard;
  try {
    return await work();
  } finally {
    console.log = log;
    console.error = error;
    console.warn = warn;
  }
}
