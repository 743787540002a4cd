import { selectWatchScreen, type WatchSubject, watchPollMs } from './player/watch-screen'

export { watchIdOf } from '../../lib/entities/playback/watch-source'

/** How often a watch page asks for its detail again: while its screen waits for the start, the stream or the encode. */
export const detailPollMs = (detail: WatchSubject) => watchPollMs(selectWatchScreen(detail, Date.now()))
