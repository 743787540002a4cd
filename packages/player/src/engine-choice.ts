export type EngineKind = 'native' | 'hls.js'

export interface PlaybackSupport {
  /** `video.canPlayType('application/vnd.apple.mpegurl')` says yes or maybe. */
  nativeHls: boolean
  /** Media Source Extensions (or Apple's Managed Media Source) are there for hls.js. */
  mse: boolean
  /** An Apple browser (Safari, and every browser on iOS). */
  apple: boolean
}

/**
 * Safari plays HLS itself, and does it best (AirPlay, battery, its own fullscreen on iPhone): native
 * there. Elsewhere hls.js whenever the browser has MSE, even where the browser claims HLS too (Chrome
 * on Android and recent desktop Chrome), because hls.js gives the quality menu and token renewal
 * without reloading. Native as the last resort; null when neither can play.
 */
export function chooseEngine(support: PlaybackSupport): EngineKind | null {
  if (support.nativeHls && (support.apple || !support.mse)) return 'native'
  if (support.mse) return 'hls.js'
  return null
}

export function detectPlaybackSupport(video: HTMLVideoElement): PlaybackSupport {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown }
  return {
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mse: typeof scope.MediaSource === 'function' || typeof scope.ManagedMediaSource === 'function',
    apple: typeof navigator !== 'undefined' && /Apple/.test(navigator.vendor),
  }
}
