/**
 * Hand-written checks that let the classifier skip a zod parse on the common, valid shapes. Each one is sound:
 * when it returns true, the named schema is certain to accept the value (so the classifier's verdict is the
 * same); when it returns false, the classifier asks zod, which also explains what is wrong.
 * test/unit/fast-paths.test.ts holds each check to its schema with generated values.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object zod's `z.record(z.string(), z.unknown())` accepts: plain, with only string keys (as from JSON.parse). */
function isPlainStringKeyed(v: unknown): boolean {
  if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const ctor = v.constructor;
  if (typeof ctor === 'function' && ctor !== Object) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

/** True only when RequestMetaSchema (the 2026-07-28 `_meta` envelope) certainly accepts `meta`. */
export function isSurelyRequestMeta(meta: unknown): boolean {
  if (!isObject(meta)) return false;
  if (typeof meta['io.modelcontextprotocol/protocolVersion'] !== 'string') return false;
  if (!isPlainStringKeyed(meta['io.modelcontextprotocol/clientCapabilities'])) return false;
  const info = meta['io.modelcontextprotocol/clientInfo'];
  if (
    info !== undefined &&
    !(
      isObject(info) &&
      typeof info.name === 'string' &&
      typeof info.version === 'string' &&
      (info.title === undefined || typeof info.title === 'string')
    )
  ) {
    return false;
  }
  const level = meta['io.modelcontextprotocol/logLevel'];
  if (level !== undefined && typeof level !== 'string') return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token));
}

/** True only when ContentBlockSchema certainly accepts `block`: a text block without annotations, the common case. */
export function isSurelyTextBlock(block: unknown): boolean {
  return isObject(block) && block.type === 'text' && typeof block.text === 'string' && block.annotations === undefined;
}
