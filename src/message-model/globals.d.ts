/**
 * The only globals the model uses beyond ECMAScript: base64 and UTF-8 decoding for HTTP bodies (http.ts). Browsers,
 * workers and Node (since 16) all have them. Only the model's own tsconfig reads this file; the site's tsconfig has
 * the DOM and Node declarations of the same names instead. Add a global here only if every runtime has it.
 */

declare function atob(data: string): string;

interface TextDecoder {
  decode(input?: Uint8Array): string;
}

declare var TextDecoder: {
  new (label?: string, options?: { fatal?: boolean }): TextDecoder;
};
