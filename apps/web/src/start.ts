import { preloadPlaybackEngine } from '@fieldhouse/player/engine'
import { hideSplash } from './app/splash'
import { beginEarlyStart } from './app/startup/early-start'

/**
 * The page's first script (index.html loads it before the app's): it begins spec §2's start chain at
 * once, while the app's scripts are still on their way, and on a watch page also starts the player
 * (decision 0054). The app's start takes what it began (`takeEarlyStart`). Kept small: what it imports
 * the app imports too, and the watch page's part comes in its own chunk, asked for only on a watch page.
 */
const WATCH_PAGE = /\/(watch|watch_embed|watch_library)\/\d+\/?$/i

/** How long the app waits, at most, for the first frame of a video pressed on the stage. */
const APP_WAITS_FOR_FRAME_MS = 2000

/** The app itself, in its own chunk. */
const startApp = () => {
  void import('./main')
}

const early = beginEarlyStart()
if (WATCH_PAGE.test(window.location.pathname)) {
  // On a watch page the app is asked for once the stage is on screen (or cannot be), and when the
  // viewer pressed play on it at once, after the video's first frame (or two seconds): the scripts of
  // the game they came for first, then the rest of the page's (decision 0054).
  let pressed: Promise<void> | null = null
  void early.watch
    .then(async (watch) => {
      if (!watch) return
      // Asked for once the start's requests have gone out: their compiling would hold those back.
      void preloadPlaybackEngine()
      const { showEarlyStage, firstFrameOf } = await import('./features/watch/early-stage')
      await showEarlyStage(
        { ...watch, bootstrap: early.bootstrap },
        {
          onShown: hideSplash,
          onPress: (player) => {
            pressed ??= firstFrameOf(player.video, APP_WAITS_FOR_FRAME_MS)
          },
          embedded: watch.source.kind === 'event' && /\/watch_embed\//i.test(window.location.pathname),
        },
      )
      // A press in the stage's first frame on screen (a viewer's click is later: the app is on its way).
      await new Promise((resolve) => requestAnimationFrame(resolve))
      await pressed
    })
    .catch(() => {
      // The app's own start shows the page, and says what went wrong, if anything did.
    })
    .finally(startApp)
} else startApp()
