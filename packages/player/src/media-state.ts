/** What the controls show of a <video>, read from its events. */
export interface MediaState {
  paused: boolean
  ended: boolean
  /** Waiting for data while meant to play. */
  waiting: boolean
  /** The first picture has played since the source was set. */
  started: boolean
  currentTime: number
  duration: number
  seekable: ReadonlyArray<readonly [number, number]>
  /** Seconds buffered ahead of the playhead end at. */
  bufferedEnd: number
  volume: number
  muted: boolean
}

export const initialMediaState: MediaState = {
  paused: true,
  ended: false,
  waiting: false,
  started: false,
  currentTime: 0,
  duration: Number.NaN,
  seekable: [],
  bufferedEnd: 0,
  volume: 1,
  muted: false,
}

const ranges = (list: TimeRanges): Array<readonly [number, number]> =>
  Array.from({ length: list.length }, (_, index) => [list.start(index), list.end(index)] as const)

function bufferedEndAt(video: HTMLMediaElement): number {
  const { buffered, currentTime } = video
  for (let index = 0; index < buffered.length; index += 1) {
    if (buffered.start(index) <= currentTime + 0.5 && currentTime <= buffered.end(index)) return buffered.end(index)
  }
  return currentTime
}

const sameRanges = (a: MediaState['seekable'], b: MediaState['seekable']) =>
  a.length === b.length && a.every((range, index) => range[0] === b[index]![0] && range[1] === b[index]![1])

/** The same state: nothing the controls draw changed (a no-op event, or a `timeupdate` while paused). */
export const sameMediaState = (a: MediaState, b: MediaState) =>
  a.paused === b.paused &&
  a.ended === b.ended &&
  a.waiting === b.waiting &&
  a.started === b.started &&
  a.currentTime === b.currentTime &&
  Object.is(a.duration, b.duration) &&
  a.bufferedEnd === b.bufferedEnd &&
  a.volume === b.volume &&
  a.muted === b.muted &&
  sameRanges(a.seekable, b.seekable)

export const MEDIA_EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'timeupdate',
  'durationchange',
  'progress',
  'volumechange',
  'ended',
  'loadedmetadata',
  'canplay',
  'emptied',
] as const

/**
 * Follows the state of `video`: each media event reads it again and `onChange` hears of what changed.
 * Returns the function that stops following.
 */
export function watchMediaState(video: HTMLMediaElement, onChange: (state: MediaState) => void): () => void {
  let waiting = false
  let started = false
  let last = initialMediaState
  const read = (event?: Event) => {
    switch (event?.type) {
      case 'waiting':
        waiting = true
        break
      case 'playing':
      case 'canplay':
      case 'emptied':
        waiting = false
        break
    }
    if (event?.type === 'playing') started = true
    if (event?.type === 'emptied') started = false
    const next: MediaState = {
      paused: video.paused,
      ended: video.ended,
      waiting: waiting && !video.paused,
      started,
      currentTime: video.currentTime,
      duration: video.duration,
      seekable: ranges(video.seekable),
      bufferedEnd: bufferedEndAt(video),
      volume: video.volume,
      muted: video.muted,
    }
    if (sameMediaState(last, next)) return
    last = next
    onChange(next)
  }
  for (const name of MEDIA_EVENTS) video.addEventListener(name, read)
  read()
  return () => {
    for (const name of MEDIA_EVENTS) video.removeEventListener(name, read)
  }
}
