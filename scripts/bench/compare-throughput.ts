// Throughput of operations measured in alternating time blocks (A B A B ..., or A B C A B C ...), so all see the same machine.

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

/** Every named operation runs one block per round, in the order given, for `rounds` rounds. */
export async function compareThroughputOf<Name extends string>(options: {
  operations: Record<Name, () => unknown>;
  rounds: number;
  blockMs: number;
}): Promise<Record<Name, Throughput>> {
  const names = Object.keys(options.operations) as Name[];
  const totals = new Map(names.map((name) => [name, { operations: 0, ms: 0 }]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const name of names) {
      const block = await runBlock(options.operations[name], options.blockMs);
      const total = totals.get(name) as { operations: number; ms: number };
      total.operations += block.operations;
      total.ms += block.ms;
    }
  }
  const summarize = ({ operations, ms }: { operations: number; ms: number }): Throughput => ({
    operations,
    seconds: ms / 1_000,
    perSecond: (operations * 1_000) / ms,
  });
  return Object.fromEntries(names.map((name) => [name, summarize(totals.get(name) as { operations: number; ms: number })])) as Record<Name, Throughput>;
}

export function compareThroughput(options: {
  first: () => unknown;
  second: () => unknown;
  rounds: number;
  blockMs: number;
}): Promise<{ first: Throughput; second: Throughput }> {
  return compareThroughputOf({ operations: { first: options.first, second: options.second }, rounds: options.rounds, blockMs: options.blockMs });
}
