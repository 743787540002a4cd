import fs from 'node:fs'
import { chromium } from 'playwright-core'

/**
 * Debian's Chromium (CHROMIUM_PATH to use another), headless, with the flags this closed network
 * needs (no background connections to Google's hosts). Plain JavaScript: the browser journeys and the
 * benchmarks (`bench/`, run by node without a build) launch it the same way.
 */
const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))

export function launchChromium(extraArgs = []) {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH')
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}
