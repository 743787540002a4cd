import type { ColorSettings, Playback } from '@fieldhouse/contract'
import { createPlayer, offerPlayer, type Player, playbackAssetKey, preloadPlaybackEngine } from '@fieldhouse/player'
import { newId } from '../../lib/analytics/new-id'
import type { ApiEnvelope } from '../../lib/api/api-client'
import { eventTitle } from '../../lib/entities/events/event-display'
import type { PlaybackSource } from '../../lib/entities/playback/use-fetch-playback'
import { enWatch } from '../../lib/i18n/resources/en-watch'
import { browserBackend, createTtlStorage, type TtlStorage } from '../../lib/storage/ttl-storage'
import { applyColorVariables } from '../../lib/theme/color-variables'
import { readNoAds, readStageSettings, readStageSubject, type StageSubject } from './early-read'
import { choosePreroll, createPrerollSuppression, parentCategoryIds, type WatchSubjectKey } from './player/preroll'

/** What the start asked for a watch page before the app (`app/startup/early-start.ts`). */
export interface EarlyWatchAnswers {
  source: PlaybackSource
  detail: Promise<ApiEnvelope<unknown>>
  bootstrap: Promise<ApiEnvelope<unknown>>
  access: Promise<ApiEnvelope<unknown>> | null
  viewerId: number | null
}

/** What the stage plays: the detail's playback, with nothing to play first. */
export interface EarlyPlayback {
  subjectKey: WatchSubjectKey
  title: string
  poster: string | null
  playback: Playback
  mode: 'live' | 'replay'
  /** The channel's colours: the stage wears them, as the page will. */
  colors: ColorSettings
}

/** The page's title for the video: an event's matchup or name, a library video's title. */
function titleOf({ raw }: StageSubject): string {
  if ('event_category_id' in raw && typeof raw.name === 'string') {
    try {
      return eventTitle(raw as unknown as Parameters<typeof eventTitle>[0])
    } catch {
      return raw.name
    }
  }
  return typeof raw.title === 'string' ? raw.title : typeof raw.name === 'string' ? raw.name : ''
}

/**
 * Whether the watch page can be played before the app: the detail has something to play that the
 * server did not refuse (the page's player screen, `selectWatchScreen`) and no pre-roll is due (the
 * pre-roll's player is the app's). Null when the app must decide: another screen, a pre-roll to play,
 * or an answer that failed or is not in the contract's shape (the app asks again and says why).
 */
export async function earlyPlayback(
  answers: EarlyWatchAnswers,
  { storage }: { storage?: TtlStorage } = {},
): Promise<EarlyPlayback | null> {
  const [detail, bootstrap, access] = await Promise.all([
    answers.detail,
    answers.bootstrap,
    answers.access ?? Promise.resolve(null),
  ])
  const { source, viewerId } = answers
  const subject = readStageSubject(detail.data)
  const settings = readStageSettings(bootstrap.data)
  if (!subject || subject.denied || !settings) return null
  const noAds = viewerId !== null && access !== null ? readNoAds(access.data) : false
  if (noAds === null) return null
  const subjectKey: WatchSubjectKey = `${source.kind}:${source.id}`
  const mode = subject.playback.live ? 'live' : 'replay'
  const suppression = createPrerollSuppression({
    storage: storage ?? createTtlStorage({ backend: browserBackend() }),
  })
  const preroll = choosePreroll(
    settings.prerolls,
    {
      locationId: subject.locationId,
      categoryId: subject.categoryId,
      parentCategoryIds: parentCategoryIds(subject.categoryId, settings.categories),
      isLive: mode === 'live',
    },
    { capabilitiesPending: false, noAds, recentlyPlayed: suppression.isSuppressed(viewerId, subjectKey) },
  )
  if (preroll !== null) return null
  return {
    subjectKey,
    title: titleOf(subject),
    poster: subject.poster,
    playback: subject.playback,
    mode,
    colors: settings.colors,
  }
}

/**
 * Resolves once `video` has shown its first frame after `playing`, or after `timeoutMs`: what the start
 * waits for, once the viewer has pressed play on the stage, before it asks for the app (decision 0054).
 */
export function firstFrameOf(video: HTMLVideoElement, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    video.addEventListener(
      'playing',
      () => {
        if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => done())
        else done()
      },
      { once: true },
    )
  })
}

const PLAY_ICON =
  '<svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z" fill="currentColor"/></svg>'

/**
 * The watch page's player before the app (issue 32, decision 0054): the core made on its own `<video>`
 * with the poster, on a stage drawn where the page will draw the player, with a play button that works.
 * The page's player adopts the core (`adoptPlayer`): the stage then steps aside and the `<video>` moves
 * into the page, playing or not, with what it has loaded. `onShown` is told once the stage is on screen
 * (the start takes the splash away then: spec §2's "ready" for a watch page). Returns the core, or null
 * when the page's view already made its own or the stage cannot be shown.
 */
export async function showEarlyStage(
  answers: EarlyWatchAnswers,
  { onShown, onPress, embedded }: { onShown: () => void; onPress?: (player: Player) => void; embedded: boolean },
  doc: Document = document,
): Promise<Player | null> {
  const [playback] = await Promise.all([earlyPlayback(answers), preloadPlaybackEngine()])
  if (!playback) return null
  const { subjectKey, poster, title, colors, mode } = playback
  // The stage looks like the page it stands in for: the channel's colours (the app applies the same).
  applyColorVariables(colors)
  const stage = doc.createElement('div')
  stage.className = embedded ? 'early-stage early-stage--embed' : 'early-stage'
  stage.dataset.testid = 'early-stage'
  const frame = doc.createElement('div')
  frame.className = 'early-stage__frame'
  if (embedded) stage.append(frame)
  else {
    const bar = doc.createElement('div')
    bar.className = 'early-stage__bar'
    const body = doc.createElement('div')
    body.className = 'early-stage__body'
    const heading = doc.createElement('p')
    heading.className = 'early-stage__title'
    heading.textContent = title
    body.append(heading, frame)
    stage.append(bar, body)
  }

  const release = (outcome: 'adopted' | 'dropped', player: Player) => {
    const hadFocus = stage.contains(doc.activeElement)
    if (outcome === 'dropped') {
      stage.remove()
      return
    }
    // The page's view moves the <video> into its place in this same task; the stage goes once it has
    // (a <video> out of the document would pause).
    stage.classList.add('early-stage--leaving')
    const leave = () => {
      if (frame.contains(player.video)) {
        doc.defaultView?.requestAnimationFrame(leave)
        return
      }
      stage.remove()
      if (hadFocus) {
        const view = player.video.closest<HTMLElement>('[data-testid="player"]')
        const target = view?.querySelector<HTMLElement>('[data-testid="player-start"]') ?? view
        target?.focus({ preventScroll: true })
      }
    }
    leave()
  }

  let made: Player | null = null
  const player = offerPlayer(
    playbackAssetKey(playback.playback.hls),
    () =>
      createPlayer({
        playback: playback.playback,
        receivedAt: Date.now(),
        poster,
        context: { subject: subjectKey, live: mode === 'live', viewId: newId() },
        // Renewal is minutes away; the page's player binds its own long before (`bind`).
        fetchPlayback: () => Promise.reject(new Error('the watch page has not adopted its player')),
        preroll: null,
      }),
    { onRelease: (outcome) => made && release(outcome, made) },
  )
  if (!player) return null
  made = player
  frame.append(player.video)

  const button = doc.createElement('button')
  button.type = 'button'
  button.className = 'early-stage__play'
  button.dataset.testid = 'player-start'
  button.setAttribute('aria-label', enWatch.player.playTitle.replace('{{title}}', title))
  button.innerHTML = PLAY_ICON
  button.addEventListener('click', () => {
    player.start()
    button.remove()
    onPress?.(player)
  })
  frame.append(button)
  // The first script runs as soon as it has arrived (`async`): the body may still be on its way.
  if (doc.readyState === 'loading') {
    await new Promise((resolve) => doc.addEventListener('DOMContentLoaded', resolve, { once: true }))
  }
  doc.body.append(stage)
  onShown()
  return player
}
