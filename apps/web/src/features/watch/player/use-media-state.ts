import { useEffect, useState } from 'react'

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
  seekable: Array<readonly [number, number]>
  /** Seconds buffered ahead of the playhead end at. */
  bufferedEnd: number
  volume: number
  muted: boolean
}

const initialState: MediaState = {
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

function bufferedEndAt(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video
  for (let index = 0; index < buffered.length; index += 1) {
    if (buffered.start(index) <= currentTime + 0.5 && currentTime <= buffered.end(index)) return buffered.end(index)
  }
  return currentTime
}

const sameRanges = (a: MediaState['seekable'], b: MediaState['seekable']) =>
  a.length === b.length && a.every((range, index) => range[0] === b[index]![0] && range[1] === b[index]![1])

const events = [
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

/** The state of `video` as React state: each media event reads it again (a no-op when nothing changed). */
export function useMediaState(video: HTMLVideoElement | null): MediaState {
  const [state, setState] = useState(initialState)

  useEffect(() => {
    if (!video) return
    let waiting = false
    let started = false
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
      setState((previous) =>
        previous.paused === next.paused &&
        previous.ended === next.ended &&
        previous.waiting === next.waiting &&
        previous.started === next.started &&
        previous.currentTime === next.currentTime &&
        Object.is(previous.duration, next.duration) &&
        previous.bufferedEnd === next.bufferedEnd &&
        previous.volume === next.volume &&
        previous.muted === next.muted &&
        sameRanges(previous.seekable, next.seekable)
          ? previous
          : next,
      )
    }
    for (const name of events) video.addEventListener(name, read)
    read()
    return () => {
      for (const name of events) video.removeEventListener(name, read)
    }
  }, [video])

  return state
}
