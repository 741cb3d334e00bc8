/** The widgets' own DOM helpers: their data block and the share-link fragment. */
import { decodeBase64Url, encodeBase64Url } from '../../../lib/base64url.ts';
import { must } from '../../../lib/dom.ts';

/** Reads the JSON in a <script type="application/json" data-role="data"> inside `root`. */
export function readData<T>(root: ParentNode): T {
  return JSON.parse(must(root, 'script[data-role="data"]').textContent ?? 'null') as T;
}

/** Encodes a JSON value for a URL fragment (base64url of its UTF-8). */
export function encodeFragmentValue(value: unknown): string {
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/** Decodes encodeFragmentValue's output; undefined when it is not valid. */
export function decodeFragmentValue(text: string): unknown {
  const bytes = decodeBase64Url(text);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** The URL fragment as key/value pairs (`#a=1&b=2`). */
export function fragmentParams(): URLSearchParams {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}
