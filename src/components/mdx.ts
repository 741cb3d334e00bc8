/**
 * The components chapters use without importing them: the chapter route passes this map to every chapter's
 * `<Content components={...} />`. One entry per component, one line each; keep the list sorted by name.
 */
export const mdxComponents = {} as const;
