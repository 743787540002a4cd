/** What casting needs of a <video>: Safari's AirPlay and the Remote Playback API, where the browser has them. */
type CastVideo = HTMLVideoElement & {
  webkitShowPlaybackTargetPicker?: () => void
  remote?: RemotePlaybackLike
}

interface RemotePlaybackLike {
  watchAvailability(callback: (available: boolean) => void): Promise<number>
  cancelWatchAvailability(id?: number): Promise<void>
  prompt(): Promise<void>
}

/** Safari's event on a <video> when an AirPlay target comes or goes. */
export const AIRPLAY_AVAILABILITY_EVENT = 'webkitplaybacktargetavailabilitychanged'

/**
 * Follows whether the browser can send this video to another screen: AirPlay (Safari, playing the HLS
 * source natively) or a Remote Playback device (a browser that can hand our source to one). `onChange`
 * hears true only while a target is there, so the cast button shows only then. Returns the stop.
 */
export function watchCastAvailability(video: HTMLVideoElement, onChange: (available: boolean) => void): () => void {
  const cast = video as CastVideo
  let airplay = false
  let remote = false
  let last = false
  const report = () => {
    const available = airplay || remote
    if (available !== last) {
      last = available
      onChange(available)
    }
  }
  const handleAirplay = (event: Event) => {
    airplay = (event as Event & { availability?: string }).availability === 'available'
    report()
  }
  let stopped = false
  let watchId: number | null = null
  if (typeof cast.webkitShowPlaybackTargetPicker === 'function') {
    video.addEventListener(AIRPLAY_AVAILABILITY_EVENT, handleAirplay)
  }
  if (cast.remote && typeof cast.remote.watchAvailability === 'function') {
    cast.remote
      .watchAvailability((available) => {
        remote = available
        report()
      })
      .then(
        (id) => {
          if (stopped) void cast.remote?.cancelWatchAvailability(id).catch(() => {})
          else watchId = id
        },
        () => {
          // NotSupportedError: this source (Media Source Extensions) cannot be played remotely here.
        },
      )
  }
  return () => {
    stopped = true
    video.removeEventListener(AIRPLAY_AVAILABILITY_EVENT, handleAirplay)
    if (watchId !== null) void cast.remote?.cancelWatchAvailability(watchId).catch(() => {})
  }
}

/** Opens the browser's own picker of screens: AirPlay's where it is there, else Remote Playback's. */
export function promptCast(video: HTMLVideoElement): void {
  const cast = video as CastVideo
  if (typeof cast.webkitShowPlaybackTargetPicker === 'function') {
    cast.webkitShowPlaybackTargetPicker()
    return
  }
  void cast.remote?.prompt().catch(() => {
    // Dismissed, or the device refused: playback goes on here.
  })
}
