import { constants } from '@fieldhouse/contract'

/**
 * The splash is static markup in index.html so it shows before any script runs. Once the app is
 * ready it fades out and is removed about 500 ms later (spec §2, §9).
 */
export function hideSplash(delayMs: number = constants.splashRemovalDelayMs) {
  const splash = document.getElementById('splash')
  if (!splash) return
  splash.classList.add('splash--leaving')
  splash.setAttribute('aria-busy', 'false')
  setTimeout(() => splash.remove(), delayMs)
}
