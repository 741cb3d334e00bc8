/**
 * The words a learner predicts with: each message kind and each reply in plain English ("a request", "not a valid
 * message"), never the model's enum names. Used by the prediction fields at build time (PredictFields.astro) and
 * by the widgets in the browser, so the two never disagree. Keys are the model's MESSAGE_KINDS and REPLY_SENDS.
 */

/** Message kinds, in the order a learner meets them. */
export const KIND_WORDS: ReadonlyArray<readonly [kind: string, words: string]> = [
  ['request', 'a request'],
  ['notification', 'a notification'],
  ['result', 'a response with a result'],
  ['error', 'an error response'],
  ['batch', 'a batch (an array of messages)'],
  ['invalid', 'JSON, but not a valid message'],
  ['parse-error', 'not JSON at all'],
];

/** What a receiver sends back. `error` opens the error-code box. */
export const REPLY_WORDS: ReadonlyArray<readonly [send: string, words: string]> = [
  ['nothing', 'nothing'],
  ['response', 'a response with the same id (a result or an error)'],
  ['error', 'an error response, at once'],
  ['batch', 'an array of replies'],
  ['unspecified', 'the spec does not say'],
];

/** The words for a kind, or the kind itself if it has none. */
export function kindWords(kind: string): string {
  return KIND_WORDS.find(([k]) => k === kind)?.[1] ?? kind;
}

/** The words for a reply, or the value itself if it has none. */
export function replyWords(send: string): string {
  return REPLY_WORDS.find(([s]) => s === send)?.[1] ?? send;
}
