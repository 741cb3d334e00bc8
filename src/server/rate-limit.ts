/**
 * Token buckets for rate limits: each key (a learner id, or an IP address for joining) holds up to `burst`
 * tokens and regains `perSecond` of them each second. Kept in the process: with several instances each applies
 * its own limits, which bounds a flood per instance; nothing another instance must see lives here. Buckets that
 * have refilled are forgotten, so memory stays bounded by the number of active keys.
 */

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
