import { type NotificationSettings, PushSubscriptionInputSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { httpStatus } from '../../api/error-text'
import { useAppStore } from '../../store/app-store'
import { base64UrlToBytes, type PushState, pushSupported, sameKey } from './push-support'
import { notificationSettingsKey, pushStateKey } from './query-keys'

/**
 * Push alerts in this browser (decision 0056): the support check, the permission, the service worker
 * (`/sw.js`, which shows what the server pushes), the subscription with the server's VAPID key, and
 * registering or dropping it: `POST`, `GET` and `DELETE /api/notifications/push`.
 */

/** The worker at the site's root, so its scope is the whole site. Not built: `public/sw.js` as it is. */
export const SERVICE_WORKER_URL = '/sw.js'
const SCOPE = '/'

/** What `…/notifications/push` answers; `push_devices` comes with a change. */
const PushStatusSchema = z.object({ subscribed: z.boolean(), push_devices: z.number().int().optional() })

/** The permission prompt ended without a yes: `denied` (blocked) or `default` (dismissed). */
export class PushPermissionRefused extends Error {
  readonly permission: NotificationPermission
  constructor(permission: NotificationPermission) {
    super(`Notification permission: ${permission}`)
    this.name = 'PushPermissionRefused'
    this.permission = permission
  }
}

const off: PushState = { kind: 'off' }

/** The subscription this browser holds for our worker, if any. */
async function heldSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE)
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Where this browser stands: what the browser holds, then whether the server knows it for this viewer. */
async function readPushState(api: ApiClient, signal: AbortSignal): Promise<PushState> {
  if (!pushSupported()) return { kind: 'unsupported' }
  if (Notification.permission === 'denied') return { kind: 'denied' }
  let subscription: PushSubscription | null
  try {
    subscription = await heldSubscription()
  } catch {
    // Some private windows expose the API and then refuse every call.
    return { kind: 'unsupported' }
  }
  if (!subscription) return off
  const { endpoint } = subscription
  const answer = PushStatusSchema.parse((await api.get('notifications/push', { query: { endpoint }, signal })).data)
  // A subscription the server does not know (another account's, or one it dropped) is off for this viewer.
  return answer.subscribed ? { kind: 'on', endpoint } : off
}

/**
 * Registers the worker and waits until it is active: `pushManager.subscribe` refuses a registration
 * without an active worker, and a first registration is still installing when `register` resolves.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE })
  if (registration.active) return registration
  const worker = registration.installing ?? registration.waiting
  if (worker) {
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (worker.state === 'activated') resolve()
        else if (worker.state === 'redundant') reject(new Error('The service worker did not install'))
        else return
        worker.removeEventListener('statechange', check)
      }
      worker.addEventListener('statechange', check)
      check()
    })
  }
  return registration
}

/** Subscribes this browser with the server's key and registers it; answers the endpoint and the count. */
async function subscribe(api: ApiClient, vapidPublicKey: string, asked: Promise<NotificationPermission>) {
  const permission = await asked
  if (permission !== 'granted') throw new PushPermissionRefused(permission)
  const registration = await activeRegistration()
  const key = base64UrlToBytes(vapidPublicKey)
  const held = await registration.pushManager.getSubscription()
  // Made with another key (the server's was replaced): subscribing again would fail while it exists.
  if (held && !sameKey(held.options.applicationServerKey, key)) await held.unsubscribe()
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  try {
    const input = PushSubscriptionInputSchema.parse(subscription.toJSON())
    const answer = PushStatusSchema.parse((await api.post('notifications/push', { ...input })).data)
    return { endpoint: input.endpoint, devices: answer.push_devices ?? null }
  } catch (error) {
    // Not registered (a push service the server does not send to, a failure): hold no subscription
    // the server does not know, so the next check says off and a retry starts clean.
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
}

/** Drops this browser's registration (already gone: fine), then the browser's own subscription. */
async function unsubscribe(api: ApiClient, known: PushState | undefined) {
  const subscription = await heldSubscription().catch(() => null)
  const endpoint = subscription?.endpoint ?? (known?.kind === 'on' ? known.endpoint : null)
  let devices: number | null = null
  if (endpoint) {
    try {
      devices =
        PushStatusSchema.parse((await api.delete('notifications/push', { query: { endpoint } })).data).push_devices ??
        null
    } catch (error) {
      if (httpStatus(error) !== 404) throw error
    }
  }
  await subscription?.unsubscribe()
  return { devices }
}

/**
 * This browser's push alerts for the signed-in viewer. `state` is undefined while it is being checked
 * (and when push is unavailable: `vapidPublicKey` null). `turnOn` must be called from the press itself:
 * browsers show the permission prompt only during a user's gesture, so it is asked before anything else.
 */
export function usePushSubscription(vapidPublicKey: string | null) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const stateKey = pushStateKey(userId ?? 0)
  const status = useQuery({
    queryKey: stateKey,
    queryFn: ({ signal }) => readPushState(api, signal),
    enabled: userId !== null && vapidPublicKey !== null,
    // Coming back from the browser's site settings shows what was changed there.
    refetchOnWindowFocus: true,
  })

  const setDevices = (devices: number | null) => {
    if (userId === null) return
    if (devices === null) {
      void queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) })
      return
    }
    queryClient.setQueryData<NotificationSettings>(notificationSettingsKey(userId), (settings) =>
      settings ? { ...settings, push_devices: devices } : settings,
    )
  }

  // A check under way (the window refocused when the permission prompt closed) must not land after a
  // change and undo what it says.
  const settle = () => queryClient.cancelQueries({ queryKey: stateKey })

  const on = useMutation({
    onMutate: settle,
    mutationFn: async (asked: Promise<NotificationPermission>) => {
      if (!vapidPublicKey) throw new Error('Push alerts are not available')
      return subscribe(api, vapidPublicKey, asked)
    },
    onSuccess: async ({ endpoint, devices }) => {
      await settle()
      queryClient.setQueryData<PushState>(stateKey, { kind: 'on', endpoint })
      setDevices(devices)
    },
    onError: (error) => {
      if (error instanceof PushPermissionRefused && error.permission === 'denied') {
        queryClient.setQueryData<PushState>(stateKey, { kind: 'denied' })
      }
    },
  })

  const offMutation = useMutation({
    onMutate: settle,
    mutationFn: () => unsubscribe(api, status.data),
    onSuccess: async ({ devices }) => {
      await settle()
      queryClient.setQueryData<PushState>(stateKey, off)
      setDevices(devices)
    },
  })

  return {
    state: status.data,
    checking: status.isPending && status.fetchStatus !== 'idle',
    checkFailed: status.isError,
    busy: on.isPending || offMutation.isPending,
    /** Asks for the permission at once (inside the press), then subscribes and registers this browser. */
    turnOn: (): Promise<unknown> => {
      if (!pushSupported()) return Promise.reject(new Error('Push is not supported here'))
      return on.mutateAsync(Notification.requestPermission())
    },
    turnOff: (): Promise<unknown> => offMutation.mutateAsync(),
  }
}
