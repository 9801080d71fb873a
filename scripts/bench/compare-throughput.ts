// Throughput of two operations measured in alternating time blocks (A B A B ...), so both see the same machine.

export type Throughput = { operations: number; seconds: number; perSecond: number };

async function runBlock(operation: () => unknown, blockMs: number): Promise<{ operations: number; ms: number }> {
  const startedAt = performance.now();
  let operations = 0;
  while (performance.now() - startedAt < blockMs) {
    await operation();
    operations += 1;
  }
  return { operations, ms: performance.now() - startedAt };
}

export async function compareThroughput(options: {
  first: () => unknown;
  second: () => unknown;
  rounds: number;
  blockMs: number;
}): Promise<{ first: Throughput; second: Throughput }> {
  const totals = { first: { operations: 0, ms: 0 }, second: { operations: 0, ms: 0 } };
  for (let round = 0; round < options.rounds; round += 1) {
    for (const side of ["first", "second"] as const) {
      const block = await runBlock(options[side], options.blockMs);
      totals[side].operations += block.operations;
      totals[side].ms += block.ms;
    }
  }
  const summarize = ({ operations, ms }: { operations: number; ms: number }): Throughput => ({ operations, seconds: ms / 1_000, perSecond: (operations * 1_000) / ms });
  return { first: summarize(totals.first), second: summarize(totals.second) };
}
