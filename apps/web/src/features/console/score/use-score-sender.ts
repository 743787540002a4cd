import type { ScoreActionsResult } from '@fieldhouse/contract'
import { useEffect, useSyncExternalStore } from 'react'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'
import { browserBackend, createTtlStorage } from '../../../lib/storage/ttl-storage'
import { postScoreActions } from '../api/score-actions'
import {
  createOutboxStore,
  createScoreSender,
  type OutboxStore,
  type ScoreSender,
  sendWhenOnline,
} from './score-outbox'

/** A week: an outbox older than that belongs to a game long over. */
const OUTBOX_TTL_MS = 7 * 24 * 60 * 60 * 1000

let store: OutboxStore | null = null
const outboxStore = () => {
  store ??= createOutboxStore(createTtlStorage({ backend: browserBackend(), ttlMs: OUTBOX_TTL_MS }))
  return store
}

/**
 * One sender per game for as long as the console is open: leaving the scoring screen for the list does
 * not stop what is kept from being sent. The api client is the app's one (its key recovery included).
 */
const senders = new Map<number, ScoreSender>()
let currentApi: ApiClient | null = null

function senderFor(eventId: number, api: ApiClient): ScoreSender {
  currentApi = api
  let sender = senders.get(eventId)
  if (!sender) {
    sender = createScoreSender({
      eventId,
      store: outboxStore(),
      post: (body) => postScoreActions(currentApi ?? api, eventId, body),
    })
    senders.set(eventId, sender)
    if (typeof window !== 'undefined') sendWhenOnline(sender, window)
    // Whatever a previous visit (or a reload) kept goes now (after the render that made the sender).
    const made = sender
    queueMicrotask(() => void made.flush())
  }
  return sender
}

/** The game's sender and its state (re-rendered on each change), and each recorded answer to `onRecorded`. */
export function useScoreSender(eventId: number, onRecorded: (result: ScoreActionsResult) => void) {
  const api = useApiClient()
  const sender = senderFor(eventId, api)
  const state = useSyncExternalStore(sender.subscribe, sender.getState, sender.getState)
  useEffect(() => sender.onRecorded(onRecorded), [sender, onRecorded])
  // Opening the screen is a moment to try (back after signing in again, say), without waiting for the pause.
  useEffect(() => void sender.flush(), [sender])
  return { sender, state }
}

/**
 * The games this phone still holds actions for (a reload, a game left while offline): each gets its
 * sender at once, so the list sends them without the game being opened. Their counts, by game.
 */
export function useKeptActions(): ReadonlyMap<number, number> {
  const api = useApiClient()
  const ids = outboxStore().games()
  const kept = new Map<number, number>()
  for (const id of ids) kept.set(id, senderFor(id, api).getState().pending.length)
  const counts = () => ids.map((id) => senderFor(id, api).getState().pending.length).join(',')
  // Re-rendered as any of them changes.
  useSyncExternalStore(
    (listener) => {
      const stops = ids.map((id) => senderFor(id, api).subscribe(listener))
      return () => {
        for (const stop of stops) stop()
      }
    },
    counts,
    counts,
  )
  return kept
}
