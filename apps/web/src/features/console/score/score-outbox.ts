import {
  type ScoreActionInput,
  ScoreActionInputSchema,
  type ScoreActionsInput,
  type ScoreActionsResult,
} from '@fieldhouse/contract'
import { z } from 'zod'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import type { TtlStorage } from '../../../lib/storage/ttl-storage'

/**
 * The Score page's outbox (decision 0057): a scorer's taps must survive a venue's Wi-Fi dropping, a
 * phone locking, a page reloaded. Every action is written to local storage (one entry per game) before
 * it is sent, and leaves it only once the server's answer lists its id in `recorded`, or once the server
 * refused it (a 4xx that asking again will not change). A batch that did not arrive (no connection, a
 * timeout, a 5xx, a 429) stays and is sent again, with the same ids, after a growing pause (1 s, 2 s,
 * 4 s … 30 s): the server records each id once, so a retry whose first try did arrive changes nothing.
 *
 * Storage is the truth, re-read before each change, so two tabs scoring the same game (or a reload in
 * the middle of a send) never lose what the other kept. Nothing here knows React; `use-score-sender.ts`
 * is the view's side.
 */

/** What the outbox keeps: the actions as they will be sent, in the order they were taken. */
const StoredOutboxSchema = z.array(ScoreActionInputSchema)

/** The storage name of a game's outbox (the storage adds the project's `rudy_` prefix). */
export const outboxName = (eventId: number) => `score_outbox_${eventId}`
/** The games with an outbox not yet empty, so the Score list can send them without opening each. */
export const OUTBOX_INDEX = 'score_outbox_games'

export interface OutboxStore {
  read(eventId: number): ScoreActionInput[]
  write(eventId: number, actions: readonly ScoreActionInput[]): void
  /** Games whose outbox holds something. */
  games(): number[]
}

/** The outbox in the project's TTL storage (`lib/storage/ttl-storage.ts`); unreadable entries count as empty. */
export function createOutboxStore(storage: TtlStorage): OutboxStore {
  const readJson = (name: string): unknown => {
    const raw = storage.getItem(name)
    if (raw === null) return null
    try {
      return JSON.parse(raw)
    } catch {
      return null
    }
  }
  const games = (): number[] => {
    const parsed = z.array(z.number().int()).safeParse(readJson(OUTBOX_INDEX))
    return parsed.success ? parsed.data : []
  }
  const setIndex = (eventId: number, kept: boolean) => {
    const now = games().filter((id) => id !== eventId)
    if (kept) now.push(eventId)
    if (now.length === 0) storage.removeItem(OUTBOX_INDEX)
    else storage.setItem(OUTBOX_INDEX, JSON.stringify(now))
  }
  return {
    read(eventId) {
      const parsed = StoredOutboxSchema.safeParse(readJson(outboxName(eventId)))
      return parsed.success ? parsed.data : []
    },
    write(eventId, actions) {
      if (actions.length === 0) storage.removeItem(outboxName(eventId))
      else storage.setItem(outboxName(eventId), JSON.stringify(actions))
      setIndex(eventId, actions.length > 0)
    },
    games,
  }
}

/** An action the server refused, and its words (the server's message, or the field's). */
export interface Refusal {
  action: ScoreActionInput
  message: string
  status: number | null
}

export type SenderStatus =
  /** Nothing to send, or sending now. */
  | 'ok'
  /** The last try did not reach the server (or it failed on its side): waiting to try again. */
  | 'offline'
  /** The server did not accept who is sending (signed out, role changed): kept, tried again later. */
  | 'blocked'

export interface SenderState {
  /** Kept and not yet recorded, oldest first (the batch in flight included). */
  pending: readonly ScoreActionInput[]
  /** Ids of the batch in flight. */
  sending: ReadonlySet<string>
  status: SenderStatus
  /** Tries in a row that did not reach the server. */
  failures: number
  /** When the next try is due (ms since the epoch), while waiting after a failure. */
  retryAt: number | null
  /** Refused actions, newest last (the page shows them until dismissed). */
  refusals: readonly Refusal[]
}

export interface ScoreSenderOptions {
  eventId: number
  store: OutboxStore
  /** `POST /api/admin/scores/{event}/actions`; rejects with an `ApiRequestError` when it fails. */
  post(body: ScoreActionsInput): Promise<ScoreActionsResult>
  now?: () => number
  maxBatch?: number
  baseBackoffMs?: number
  maxBackoffMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export interface ScoreSender {
  readonly eventId: number
  /** Keeps the action (in storage first), then sends it with whatever else is waiting. */
  add(action: ScoreActionInput): void
  /** Sends what is kept now (a page load, the connection back); waits for a send under way. */
  flush(): Promise<void>
  getState(): SenderState
  /** Called on every change of the state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Called with each answer that recorded something (the page refreshes its timeline with it). */
  onRecorded(listener: (result: ScoreActionsResult) => void): () => void
  dismissRefusals(): void
  /** Stops the timer; what is kept stays in storage for the next sender. */
  dispose(): void
}

/** How a failed send is handled: tried again later (kept) or refused (dropped). */
export function failureKind(error: unknown): 'retry' | 'blocked' | 'refused' {
  if (!(error instanceof ApiRequestError)) return 'retry'
  if (error.kind !== 'http' || error.status === null) return 'retry'
  const status = error.status
  if (status >= 500 || status === 408 || status === 429) return 'retry'
  if (status === 401 || status === 403) return 'blocked'
  return 'refused'
}

/**
 * The positions in a batch a 422's `errors` names (`actions.3.scoring`, `actions[3]`), if it names any.
 * Null when it speaks of the batch as a whole (a 409 after the final, an `errors` without positions).
 */
export function refusedPositions(error: unknown, size: number): Map<number, string> | null {
  if (!(error instanceof ApiRequestError)) return null
  const found = new Map<number, string>()
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const match = /^actions(?:\.|\[)(\d+)/.exec(field)
    if (!match) continue
    const index = Number(match[1])
    if (index < size && !found.has(index)) found.set(index, messages[0] ?? error.message)
  }
  return found.size > 0 ? found : null
}

const refusalMessage = (error: unknown) => errorText(error) ?? (error instanceof Error ? error.message : '')

export function createScoreSender(options: ScoreSenderOptions): ScoreSender {
  const {
    eventId,
    store,
    post,
    now = Date.now,
    maxBatch = 50,
    baseBackoffMs = 1000,
    maxBackoffMs = 30_000,
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  } = options

  let sending = new Set<string>()
  let status: SenderStatus = 'ok'
  let failures = 0
  let retryAt: number | null = null
  let refusals: Refusal[] = []
  let timer: unknown = null
  let running: Promise<void> | null = null
  /** After a batch refused as a whole: how many of its actions are still to go one by one (to find the refused). */
  let oneByOne = 0
  let disposed = false
  let state: SenderState = snapshot()
  const listeners = new Set<() => void>()
  const recordedListeners = new Set<(result: ScoreActionsResult) => void>()

  function snapshot(): SenderState {
    return { pending: store.read(eventId), sending, status, failures, retryAt, refusals }
  }
  const changed = () => {
    state = snapshot()
    for (const listener of listeners) listener()
  }
  const drop = (ids: ReadonlySet<string>) => {
    if (ids.size === 0) return
    store.write(
      eventId,
      store.read(eventId).filter((action) => !ids.has(action.id)),
    )
  }
  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer)
    timer = null
    retryAt = null
  }
  const retryLater = () => {
    failures += 1
    const wait = Math.min(maxBackoffMs, baseBackoffMs * 2 ** (failures - 1))
    cancelTimer()
    retryAt = now() + wait
    timer = setTimer(() => {
      timer = null
      retryAt = null
      void flush()
    }, wait)
  }

  async function sendOnce(): Promise<boolean> {
    const kept = store.read(eventId)
    if (kept.length === 0 || disposed) return false
    const alone = oneByOne > 0
    const batch = kept.slice(0, alone ? 1 : maxBatch)
    if (alone) oneByOne -= 1
    sending = new Set(batch.map((action) => action.id))
    changed()
    try {
      const result = await post({ sent_at: now(), actions: batch })
      const recorded = new Set(result.recorded)
      // Told first, so the page holds the server's timeline before the actions leave the outbox.
      for (const listener of recordedListeners) listener(result)
      // An action the answer does not list was not taken: it would be refused again.
      const missing = batch.filter((action) => !recorded.has(action.id))
      refusals = [...refusals, ...missing.map((action) => ({ action, message: '', status: null }))]
      drop(new Set(batch.map((action) => action.id)))
      failures = 0
      status = 'ok'
      return true
    } catch (error) {
      const kind = failureKind(error)
      if (kind === 'refused') {
        const httpStatus = error instanceof ApiRequestError ? error.status : null
        const positions = refusedPositions(error, batch.length)
        if (positions) {
          const refused = batch.filter((_, index) => positions.has(index))
          refusals = [
            ...refusals,
            ...refused.map((action) => ({
              action,
              message: positions.get(batch.indexOf(action)) ?? refusalMessage(error),
              status: httpStatus,
            })),
          ]
          drop(new Set(refused.map((action) => action.id)))
        } else if (batch.length === 1) {
          const [action] = batch as [ScoreActionInput]
          refusals = [...refusals, { action, message: refusalMessage(error), status: httpStatus }]
          drop(new Set([action.id]))
        } else {
          // Refused as a whole: which one? Each of the batch goes alone, and the refused are dropped.
          oneByOne = batch.length
        }
        failures = 0
        status = 'ok'
        return true
      }
      // Not an answer about this action: its turn alone comes again.
      if (alone) oneByOne += 1
      status = kind === 'blocked' ? 'blocked' : 'offline'
      retryLater()
      return false
    } finally {
      sending = new Set()
      changed()
    }
  }

  function flush(): Promise<void> {
    if (running) return running
    cancelTimer()
    running = (async () => {
      try {
        while (await sendOnce()) {
          // Sent (or refused): go on while something is kept.
        }
      } finally {
        running = null
      }
    })()
    return running
  }

  return {
    eventId,
    add(action) {
      store.write(eventId, [...store.read(eventId), action])
      changed()
      // While waiting after a failure, the pause stands (the connection back or the timer sends it).
      if (timer === null) void flush()
    },
    flush,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onRecorded(listener) {
      recordedListeners.add(listener)
      return () => recordedListeners.delete(listener)
    },
    dismissRefusals() {
      refusals = []
      changed()
    },
    dispose() {
      disposed = true
      cancelTimer()
      listeners.clear()
      recordedListeners.clear()
    },
  }
}

/** Sends again as soon as the browser says the connection is back (`online`); returns the unsubscribe. */
export function sendWhenOnline(sender: Pick<ScoreSender, 'flush'>, target: EventTarget): () => void {
  const handle = () => void sender.flush()
  target.addEventListener('online', handle)
  return () => target.removeEventListener('online', handle)
}
