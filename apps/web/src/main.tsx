import './lib/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, StartupFailure } from './app/app'
import { hideSplash } from './app/splash'
import { startApp } from './app/startup/start-app'
import { initI18n } from './lib/i18n/i18n'
import './styles/global.css'

async function main() {
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
        <StartupFailure services={result.services} />
      </StrictMode>,
    )
  } else {
    root.render(
      <StrictMode>
        <App services={result.services} router={result.router} />
      </StrictMode>,
    )
  }
  hideSplash()
}

void main()
