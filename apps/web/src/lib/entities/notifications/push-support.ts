/**
 * The pure parts of push in this browser (decision 0056): the server's VAPID key as bytes, and telling
 * whether a subscription the browser holds was made with that key.
 */

/** Where this browser stands with the viewer's push alerts. */
export type PushState =
  /** No service worker, Push API or Notification API here (or not a secure page). */
  | { kind: 'unsupported' }
  /** The viewer (or a policy) blocked notifications for this site: only the browser's settings undo it. */
  | { kind: 'denied' }
  /** Possible, and not taken here (no subscription, or one the server does not know). */
  | { kind: 'off' }
  /** This browser's subscription is registered for the viewer. */
  | { kind: 'on'; endpoint: string }

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/

/**
 * A base64url text (RFC 4648 §5, padded or not) as bytes: `pushManager.subscribe` takes the VAPID public
 * key as a BufferSource. Throws on a text that is not base64url.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.trim()
  if (!BASE64URL.test(trimmed)) throw new Error('Not a base64url text')
  const base64 = trimmed.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (base64.length % 4 === 1) throw new Error('Not a base64url text')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * Whether a subscription's `options.applicationServerKey` is the key we subscribe with. A subscription
 * made with another key (the server's key was replaced) must be dropped first: `subscribe` with a new
 * key while the old subscription exists fails.
 */
export function sameKey(held: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!held) return false
  const bytes = new Uint8Array(held)
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i])
}

/** Whether this browser can take push alerts at all: a secure page with service workers and the Push API. */
export function pushSupported(scope: typeof globalThis = globalThis): boolean {
  return (
    scope.isSecureContext === true &&
    typeof scope.navigator !== 'undefined' &&
    'serviceWorker' in scope.navigator &&
    'PushManager' in scope &&
    'Notification' in scope
  )
}
