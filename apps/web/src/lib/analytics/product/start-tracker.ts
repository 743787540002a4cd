import { browserBackend } from '../../storage/ttl-storage'
import { createProductTracker } from './product-tracker'
import { createServiceCalls, describeDevice } from './service-calls'

/**
 * The lazily loaded entry of the product analytics client: the tracker over the browser's fetch,
 * `sendBeacon` and local storage. `product-analytics.ts` imports this chunk once the page has shown.
 */
export function startTracker({ base, profile }: { base: string; profile: string }) {
  const calls = createServiceCalls({
    base,
    profile,
    device: describeDevice(navigator, window.screen),
    sendBeacon: typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  })
  return createProductTracker({ calls, backend: browserBackend(), originUrl: () => window.location.href })
}
