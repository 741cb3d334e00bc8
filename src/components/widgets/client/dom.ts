/** Tiny DOM helpers for the custom elements (no framework: the widgets' state is a handful of form values). */
import { decodeBase64Url, encodeBase64Url } from '../../../lib/base64url.ts';

type Child = Node | string | null | undefined | false;

/** Creates an element with attributes and children; `text` children become text nodes, never HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') el.className = String(value);
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/** The element matching `selector` inside `root`; throws if the server-rendered markup is missing it (a build bug). */
export function must<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`Widget markup is missing ${selector}`);
  return el;
}

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
