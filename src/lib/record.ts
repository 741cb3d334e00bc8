/** A plain object read from JSON or storage: not null, not an array (the first check before reading its fields). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
