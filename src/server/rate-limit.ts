/**
 * Token buckets for rate limits: each key (a learner id, or an IP address for joining) holds up to `burst`
 * tokens and regains `perSecond` of them each second. Kept in the process: with several instances each applies
 * its own limits, which bounds a flood per instance; nothing another instance must see lives here. Buckets that
 * have refilled are forgotten, so memory stays bounded by the number of active keys.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** A rate limit: how many at once, and how many more per second. */
export interface RateLimit {
  burst: number;
  perSecond: number;
}

/** A set of buckets under one limit. */
export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limit: RateLimit, now: () => number = Date.now) {
    this.#limit = limit;
    this.#now = now;
  }

  /** Takes `cost` tokens for `key`; false (and nothing taken) when there are not enough. */
  take(key: string, cost = 1): boolean {
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#limit.burst, at: now };
    bucket.tokens = Math.min(this.#limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#limit.perSecond);
    bucket.at = now;
    if (bucket.tokens < cost) {
      this.#buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= cost;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 10_000) this.#sweep(now);
    return true;
  }

  /** Seconds until `cost` tokens are available for `key` (for Retry-After). */
  retryAfter(key: string, cost = 1): number {
    const bucket = this.#buckets.get(key);
    if (!bucket) return 0;
    const missing = cost - bucket.tokens;
    return missing <= 0 ? 0 : Math.ceil(missing / this.#limit.perSecond);
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.#limit.perSecond >= this.#limit.burst)
        this.#buckets.delete(key);
    }
  }
}

/**
 * The key an address is limited under: an IPv4 address as it is, an IPv6 address by its /64 network. One IPv6 host
 * is normally given a whole /64 (2^64 addresses) and can answer from a new one for every request, so a limit per
 * full IPv6 address limits nothing. An IPv4-mapped IPv6 address (::ffff:192.0.2.1) counts as its IPv4 address.
 * Anything that is not an IP address (a proxy's odd X-Forwarded-For) is its own key.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  // Expand "::" and any embedded IPv4 tail into eight groups, then keep the first four.
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
