import type { default as HlsType } from 'hls.js'
import { chooseEngine, detectPlaybackSupport } from './engine-choice'

type HlsModule = readonly [typeof HlsType, string]
let hlsModule: Promise<HlsModule> | null = null

/**
 * hls.js comes in its own chunk, fetched the first time a player needs it (it is not part of the app's
 * start); once only, unless it failed (a retry fetches it again).
 */
export const loadHls = (): Promise<HlsModule> => {
  if (hlsModule) return hlsModule
  const loading = Promise.all([import('hls.js'), import('hls.js/dist/hls.worker.js?url')]).then(([module, worker]) => {
    prefetchWorker(worker.default)
    return [module.default, worker.default] as const
  })
  hlsModule = loading
  loading.catch(() => {
    if (hlsModule === loading) hlsModule = null
  })
  return loading
}

/**
 * hls.js starts its transmuxing worker when the first segment has arrived, and only then would the
 * worker's script be asked for: fetched now, beside the playlists, it comes from the browser's cache at
 * that moment (hashed assets are cached for a year).
 */
function prefetchWorker(url: string) {
  fetch(url)
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // The worker asks for it itself.
    })
}

export const willUseHlsJs = () =>
  typeof document !== 'undefined' && chooseEngine(detectPlaybackSupport(document.createElement('video'))) === 'hls.js'

/**
 * Fetches hls.js ahead of the player, where this browser will play with it (not Safari): the start calls
 * it when the page opens on a watch route, so the player does not wait for it.
 */
export function preloadPlaybackEngine(): Promise<void> {
  if (!willUseHlsJs()) return Promise.resolve()
  return loadHls().then(
    () => {},
    () => {
      // The player loads it again, and says so if it cannot.
    },
  )
}
