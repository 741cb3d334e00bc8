/** The two DOM helpers every browser module uses: an element builder and a lookup of server-rendered markup. */

type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes and children. String children become text nodes, never HTML; an attribute that
 * is `undefined` or `false` is left out and `true` is written empty; a list of children (of any length) passes as one
 * array argument and is appended one at a time, never spread onto the stack.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Child | readonly Child[])[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children)
    if (Array.isArray(child)) {
      for (const c of child as readonly Child[]) if (c !== null && c !== undefined && c !== false) node.append(c);
    } else if (child !== null && child !== undefined && child !== false) node.append(child as Node | string);
  return node;
}

/** The element matching `selector` inside `root`; throws if the server-rendered markup is missing it (a build bug). */
export function must<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const node = root.querySelector<T>(selector);
  if (!node) throw new Error(`The page's markup is missing ${selector}`);
  return node;
}

/** Shows `message` in a field's error slot and marks its input invalid, or, with no message, clears both. */
export function setFieldError(slot: HTMLElement, input: HTMLElement | undefined, message: string | undefined): void {
  slot.hidden = !message;
  slot.textContent = message ?? '';
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}
