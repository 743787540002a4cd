import './lib/zod-config'
import { dropHeldPlayer } from '@fieldhouse/player'
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { App, StartupFailure } from './app/app'
import { hideSplash } from './app/splash'
import { startApp } from './app/startup/start-app'
import { initI18n } from './lib/i18n/i18n'
import './styles/global.css'

async function main() {
  // The first script runs as soon as it has arrived (`async`), and may ask for this one before the
  // body has been read to its end.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
  }
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  // The error screen may need words before the channel is known, so the default language comes first.
  await initI18n()
  const result = await startApp()

  if (result.kind === 'redirect') {
    // The splash stays up while the browser leaves for the channel's fallback address.
    window.location.assign(result.url)
    return
  }

  const root = createRoot(container)
  if (result.kind === 'failed') {
    console.error(result.error)
    root.render(
      <StrictMode>
        <Shown>
          <StartupFailure services={result.services} />
        </Shown>
      </StrictMode>,
    )
  } else {
    // The first render is a transition: React renders it in slices and lets the browser breathe between
    // them, instead of one long task a phone's slow CPU spends blocked (issue 20, total blocking time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <Shown>
            <App services={result.services} router={result.router} />
          </Shown>
        </StrictMode>,
      ),
    )
  }
}

/**
 * Takes the splash away once what it covered is on the page. A watch page's player made before the app
 * (decision 0054) was adopted by this first render's player, or the page shows something else: then it
 * is stopped, and its stage with it.
 */
function Shown({ children }: { children: ReactNode }) {
  useEffect(() => {
    hideSplash()
    dropHeldPlayer()
  }, [])
  return children
}

void main()
