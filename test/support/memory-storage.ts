/**
 * A Map behind the localStorage methods the stores use (getItem, setItem, removeItem), for tests of the roster store
 * and the room's outbox; `map` lets a test read or plant what is stored.
 */
export function memoryStorage(): {
  map: Map<string, string>;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
} {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
