import { selectWatchScreen, type WatchSubject, watchPollMs } from './player/watch-screen'

/** The `{id}` of a watch route: digits only, else null (the page says it cannot be found). */
export const watchIdOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null)

/** How often a watch page asks for its detail again: while its screen waits for the start, the stream or the encode. */
export const detailPollMs = (detail: WatchSubject) => watchPollMs(selectWatchScreen(detail, Date.now()))
