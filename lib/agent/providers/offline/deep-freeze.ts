// Freezes a value and everything it holds, so a reading shared between callers cannot be changed by one of them
// (in a module, a write to a frozen object throws).

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
