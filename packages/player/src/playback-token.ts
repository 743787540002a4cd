import { playbackTokenOf, renewPlaybackUrl } from '@fieldhouse/contract'

/** The shortest wait between renewals, whatever the server says (a zero would renew in a loop). */
export const MIN_RENEWAL_DELAY_MS = 5_000
/** After a failed renewal: try again this soon, while the token may still work. */
export const RENEWAL_RETRY_MS = 10_000

/**
 * The token every media request should carry. Playlists name their variants and segments by relative
 * path, so a URL hls.js resolves keeps the token of the playlist it came from; `rewrite` swaps in the
 * latest one just before the request goes out. URLs that are not signed media URLs pass unchanged.
 */
export function createTokenKeeper(initialUrl: string) {
  let token = playbackTokenOf(initialUrl)
  return {
    get token() {
      return token
    },
    /** Takes the token of a fresh playback answer. */
    update(url: string) {
      token = playbackTokenOf(url) ?? token
    },
    rewrite(url: string): string {
      return token && playbackTokenOf(url) ? renewPlaybackUrl(url, token) : url
    },
  }
}
export type TokenKeeper = ReturnType<typeof createTokenKeeper>

/**
 * When to ask for a fresh token: `renew_in_ms` counts from when the answer arrived, which may be a while
 * ago for a cached detail. Never sooner than the floor, unless the time has already passed (then at once).
 */
export function renewalDelay({
  receivedAt,
  renewInMs,
  now,
}: {
  receivedAt: number
  renewInMs: number
  now: number
}): number {
  const left = receivedAt + Math.max(renewInMs, MIN_RENEWAL_DELAY_MS) - now
  return Math.max(0, left)
}

/** The same video whatever its token: a fresh answer for it must not restart the player. */
export const playbackAssetKey = (hlsUrl: string) => {
  const token = playbackTokenOf(hlsUrl)
  return token ? hlsUrl.replace(`/media/p/${token}/`, '/media/p/~/') : hlsUrl
}

/**
 * Keeps the token fresh: asks for a new playback answer when the last one says to (`renew_in_ms`), then
 * again after each answer; after a failure, again in `RENEWAL_RETRY_MS`. `renewNow` is for a refused
 * request (the token ran out early, or the tab slept through the timer): it joins a renewal under way,
 * and does nothing right after one (a burst of refused segments makes one renewal, not ten).
 */
export function startTokenRenewal<P extends { hls: string; renew_in_ms: number }>({
  receivedAt,
  renewInMs,
  fetchPlayback,
  onRenewed,
  onFailed,
  now = Date.now,
}: {
  receivedAt: number
  renewInMs: number
  fetchPlayback: () => Promise<P>
  onRenewed: (playback: P) => void
  onFailed?: (error: unknown) => void
  now?: () => number
}) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let inFlight: Promise<void> | null = null
  let lastRenewedAt = Number.NEGATIVE_INFINITY

  const schedule = (delay: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => void renew(), delay)
  }

  const renew = (): Promise<void> => {
    if (inFlight) return inFlight
    clearTimeout(timer)
    inFlight = fetchPlayback()
      .then(
        (playback) => {
          if (stopped) return
          lastRenewedAt = now()
          onRenewed(playback)
          schedule(renewalDelay({ receivedAt: lastRenewedAt, renewInMs: playback.renew_in_ms, now: lastRenewedAt }))
        },
        (error: unknown) => {
          if (stopped) return
          onFailed?.(error)
          schedule(RENEWAL_RETRY_MS)
        },
      )
      .finally(() => {
        inFlight = null
      })
    return inFlight
  }

  schedule(renewalDelay({ receivedAt, renewInMs, now: now() }))

  return {
    renewNow(): Promise<void> {
      if (stopped) return Promise.resolve()
      if (!inFlight && now() - lastRenewedAt < MIN_RENEWAL_DELAY_MS) return Promise.resolve()
      return renew()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
export type TokenRenewal = ReturnType<typeof startTokenRenewal>
