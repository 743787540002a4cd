import { hideSplash } from './app/splash'
import { beginEarlyStart } from './app/startup/early-start'

/**
 * The page's first script (index.html loads it before the app's): it begins spec §2's start chain at
 * once, while the app's scripts are still on their way, and on a watch page also starts the player
 * (decision 0054). The app's start takes what it began (`takeEarlyStart`). Kept small: what it imports
 * the app imports too, and the watch page's part comes in its own chunk, asked for only on a watch page.
 */
const WATCH_PAGE = /\/(watch|watch_embed|watch_library)\/\d+\/?$/i

const early = beginEarlyStart()
if (WATCH_PAGE.test(window.location.pathname)) {
  const stage = import('./features/watch/early-stage')
  stage.catch(() => {})
  void early.watch
    .then(async (watch) => {
      if (!watch) return
      const { showEarlyStage } = await stage
      await showEarlyStage(
        { ...watch, bootstrap: early.bootstrap },
        {
          onShown: hideSplash,
          embedded: watch.source.kind === 'event' && /\/watch_embed\//i.test(window.location.pathname),
        },
      )
    })
    .catch(() => {
      // The app's own start shows the page, and says what went wrong, if anything did.
    })
}

// The app itself, in its own chunk: asked for now, beside the requests begun above.
void import('./main')
