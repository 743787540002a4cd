/*
 * The service worker of push alerts (decision 0056). Plain JavaScript with no build step and no imports:
 * Vite copies `public/` to the root of the build as it is, so the worker is `/sw.js` and its scope is
 * the whole site. It does one thing: show what the server pushes, and open the game when the viewer
 * presses it. It caches nothing and has no fetch handler, so every page request goes to the network as
 * if there were no worker (the app's own caching rules stay the only ones).
 *
 * The server sends (PushAlertSchema in packages/contract/src/notifications.ts):
 *   { title, body, url, tag, icon?, opened? }
 * `url` is where a press goes (a click-counting redirect on our origin); `opened` is an address to GET
 * once the notification is shown (the "opened" count).
 */

// A new version of this file takes over at once instead of waiting for every tab of the site to close:
// it holds no state and no caches, so an old and a new worker have nothing to hand over.
self.addEventListener('install', () => {
  self.skipWaiting()
})

// Take control of the pages already open (the one that just subscribed included), so a press on a
// notification can focus and navigate them (`WindowClient.navigate` works only on controlled pages).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

/** The alert the server sent, or null when the push carried nothing we can read. */
function readAlert(event) {
  if (!event.data) return null
  try {
    const alert = event.data.json()
    return alert && typeof alert.title === 'string' ? alert : null
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  const alert = readAlert(event)
  // We subscribed with `userVisibleOnly: true`: every push must show a notification, or the browser
  // shows its own "updated in the background" one (and may stop delivering). An unreadable push still
  // shows something plain, with the site's name, that opens the site.
  const title = alert ? alert.title : self.location.hostname
  const options = {
    body: alert && typeof alert.body === 'string' ? alert.body : '',
    // One notification per game and kind: a repeat (a retried send) replaces the shown one...
    tag: alert && typeof alert.tag === 'string' ? alert.tag : 'alert',
    // ...quietly: replacing it does not buzz or sound a second time.
    renotify: false,
    // The press handler below reads where to go from here; it is all the notification carries.
    data: { url: alert && typeof alert.url === 'string' ? alert.url : '/' },
  }
  if (alert && typeof alert.icon === 'string') options.icon = alert.icon
  const work = [self.registration.showNotification(title, options)]
  if (alert && typeof alert.opened === 'string') {
    // Counted as opened once shown. Fire and forget: `no-cors` because only the request matters (the
    // answer is a tracking pixel nobody reads), `omit` because the token in the address says who it is
    // for and no cookie needs to go; a failure must not stop the notification, hence the catch.
    work.push(fetch(alert.opened, { mode: 'no-cors', credentials: 'omit' }).catch(() => {}))
  }
  // Both inside waitUntil: the browser keeps the worker alive until the notification is up and the
  // count has been sent, instead of stopping it as soon as this handler returns.
  event.waitUntil(Promise.all(work))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href
  event.waitUntil(openAlert(url))
})

/**
 * A tab of the site already open is reused (focused and sent to the game) rather than opening one more;
 * without one, or when the browser will not navigate it, a new window opens. `openWindow` and `focus`
 * are allowed here because they run during the press.
 */
async function openAlert(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (ours) {
    try {
      const focused = await ours.focus()
      // `navigate` answers null for a page it may not report on; it still went.
      await (focused || ours).navigate(url)
      return
    } catch {
      // Not controlled by this worker yet (opened before it activated), or the browser refused: open one.
    }
  }
  await self.clients.openWindow(url)
}
