/**
 * The client build's chunk graph (src/build/client-manifest.ts) with the gzipped sizes the budgets report.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ClientManifest } from '../../src/build/client-manifest.ts';

/** The chunk graph of one build, measured. */
export class SizedManifest extends ClientManifest {
  private readonly gzCache = new Map<string, number>();

  /** Gzipped size (level 9) of a file relative to dist/. */
  gzipSize(file: string): number {
    let size = this.gzCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(this.dist, file)), { level: 9 }).length;
      this.gzCache.set(file, size);
    }
    return size;
  }

  /** Gzipped size of chunks, by key. */
  gzipSizeOf(keys: Iterable<string>): number {
    let total = 0;
    for (const key of keys) total += this.gzipSize(this.fileOf(key));
    return total;
  }
}
