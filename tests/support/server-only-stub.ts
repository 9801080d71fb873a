// Stand-in for the "server-only" marker package when vitest runs server modules directly.
export {};
