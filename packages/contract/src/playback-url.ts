/*
 * Signed media URLs (decision 0007): plain string work without zod, so the player's core does not bring
 * the contract's schemas into the watch page's first script (decision 0054).
 */

/** Swaps the token of a signed media URL for a fresh one (the rest of the path stays). */
export const renewPlaybackUrl = (url: string, freshToken: string) =>
  url.replace(/\/media\/p\/[^/]+\//, `/media/p/${freshToken}/`)

/** The token of a signed media URL, if it is one. */
export const playbackTokenOf = (url: string) => /\/media\/p\/([^/]+)\//.exec(url)?.[1] ?? null
