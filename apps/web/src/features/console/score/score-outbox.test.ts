import type { ScoreActionInput, ScoreTimeline } from '@fieldhouse/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiKeySource, createApiClient } from '../../../lib/api/api-client'
import { createTtlStorage, type KeyValueBackend, memoryBackend } from '../../../lib/storage/ttl-storage'
import { postScoreActions } from '../api/score-actions'
import { createOutboxStore, createScoreSender, OUTBOX_INDEX, outboxName, sendWhenOnline } from './score-outbox'

const EVENT = 42

const timeline: ScoreTimeline = {
  event_id: EVENT,
  sport: 'basketball',
  offset_ms: 0,
  status: 'live',
  home: { name: 'Lions', short_name: 'LIO', color: '#aa0000' },
  away: { name: 'Bears', short_name: 'BEA', color: null },
  actions: [],
  version: 1,
}

let seq = 0
const action = (overrides: Partial<ScoreActionInput> = {}): ScoreActionInput =>
  ({
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    at: 1_000 + seq,
    type: 'score',
    side: 'home',
    scoring: 'two',
    ...overrides,
  }) as ScoreActionInput

const keys: ApiKeySource = {
  getApiKey: () => 'k',
  getChannelKey: () => 'c',
  clearApiKey: () => {},
  clearChannelKey: () => {},
  refreshApiKey: async () => 'k',
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Answer = Response | Error
/** A fetch that answers from a script, one answer per call, and keeps what it was sent. */
function fakeFetch(script: Array<Answer | ((body: { actions: ScoreActionInput[] }) => Answer)>) {
  const bodies: Array<{ sent_at: number; actions: ScoreActionInput[] }> = []
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body))
    bodies.push(body)
    const next = script.shift()
    const answer = typeof next === 'function' ? next(body) : next
    if (!answer) throw new TypeError('no script left')
    if (answer instanceof Error) throw answer
    return answer
  })
  return { fetch, bodies }
}

/** The server's answer recording every action it was sent. */
const recordAll = (body: { actions: ScoreActionInput[] }) =>
  json(200, { data: { recorded: body.actions.map((a) => a.id), timeline } })

function setUp(script: Parameters<typeof fakeFetch>[0], backend: KeyValueBackend = memoryBackend()) {
  const { fetch, bodies } = fakeFetch(script)
  const api = createApiClient({ baseUrl: '/api', keys, fetch: fetch as unknown as typeof globalThis.fetch })
  const store = createOutboxStore(createTtlStorage({ backend }))
  const sender = createScoreSender({
    eventId: EVENT,
    store,
    post: (body) => postScoreActions(api, EVENT, body),
  })
  return { sender, store, fetch, bodies, backend }
}

/** Lets the promises of a send settle (the fake fetch answers at once). */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(50_000)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the Score page’s outbox', () => {
  it('keeps an action in storage before it is sent, and drops it once recorded', async () => {
    const { sender, store, bodies, backend } = setUp([recordAll])
    const tap = action()
    sender.add(tap)
    // Kept at once, under the project's prefix, before any answer.
    expect(store.read(EVENT)).toEqual([tap])
    expect(backend.getItem(`rudy_${outboxName(EVENT)}`)).not.toBeNull()
    expect(sender.getState().pending).toEqual([tap])
    await settle()
    expect(bodies).toEqual([{ sent_at: 50_000, actions: [tap] }])
    expect(store.read(EVENT)).toEqual([])
    expect(sender.getState().pending).toEqual([])
    expect(backend.getItem(`rudy_${OUTBOX_INDEX}`)).toBeNull()
  })

  it('sends each action once, in batches, when the answers come', async () => {
    const { sender, bodies, fetch } = setUp([recordAll, recordAll])
    const [a, b, c] = [action(), action(), action()]
    sender.add(a)
    sender.add(b)
    sender.add(c)
    await settle()
    // The first tap went alone; the two taken while it was on its way go together.
    expect(bodies.map((body) => body.actions.map((x) => x.id))).toEqual([[a.id], [b.id, c.id]])
    expect(fetch).toHaveBeenCalledTimes(2)
    await sender.flush()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('keeps what it could not send across a reload, and sends it on the next page load', async () => {
    const backend = memoryBackend()
    const first = setUp([new TypeError('Failed to fetch')], backend)
    const [a, b] = [action(), action()]
    first.sender.add(a)
    first.sender.add(b)
    await settle()
    expect(first.sender.getState().status).toBe('offline')
    first.sender.dispose()

    // The page is loaded again: a new sender over the same storage.
    const second = setUp([recordAll], backend)
    expect(second.sender.getState().pending.map((x) => x.id)).toEqual([a.id, b.id])
    await second.sender.flush()
    expect(second.bodies).toEqual([{ sent_at: 50_000, actions: [a, b] }])
    expect(second.store.read(EVENT)).toEqual([])
  })

  it('tries again after a failure, with a growing pause, sending the same ids', async () => {
    const { sender, bodies, store } = setUp([
      new TypeError('Failed to fetch'),
      json(503, { message: 'Service unavailable' }),
      recordAll,
    ])
    const tap = action()
    sender.add(tap)
    await settle()
    expect(bodies).toHaveLength(1)
    expect(sender.getState()).toMatchObject({ status: 'offline', failures: 1, retryAt: 51_000 })

    await vi.advanceTimersByTimeAsync(999)
    expect(bodies).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    // 503: still kept, the pause doubles.
    expect(bodies).toHaveLength(2)
    expect(sender.getState()).toMatchObject({ status: 'offline', failures: 2 })
    expect(store.read(EVENT)).toEqual([tap])

    await vi.advanceTimersByTimeAsync(2000)
    expect(bodies).toHaveLength(3)
    // The very same action (the same id) each time, so the server records it once however many arrived.
    expect(bodies.map((body) => body.actions)).toEqual([[tap], [tap], [tap]])
    // Stamped when each request left.
    expect(bodies.map((body) => body.sent_at)).toEqual([50_000, 51_000, 53_000])
    expect(sender.getState()).toMatchObject({ status: 'ok', failures: 0, pending: [] })
  })

  it('does not send a new tap while waiting after a failure, and sends everything once the connection is back', async () => {
    const { sender, bodies } = setUp([new TypeError('Failed to fetch'), recordAll])
    const window = new EventTarget()
    const stop = sendWhenOnline(sender, window)
    const [a, b] = [action(), action()]
    sender.add(a)
    await settle()
    sender.add(b)
    await settle()
    expect(bodies).toHaveLength(1)
    expect(sender.getState().pending).toHaveLength(2)

    window.dispatchEvent(new Event('online'))
    await settle()
    expect(bodies.map((body) => body.actions)).toEqual([[a], [a, b]])
    expect(sender.getState().pending).toEqual([])
    stop()
  })

  it('drops an action the server refuses (422) and keeps its message', async () => {
    const { sender, store } = setUp([
      json(422, { message: 'Choose home or away', errors: { 'actions.0.side': ['Choose home or away'] } }),
    ])
    const tap = action()
    sender.add(tap)
    await settle()
    expect(store.read(EVENT)).toEqual([])
    expect(sender.getState().refusals).toEqual([{ action: tap, message: 'Choose home or away', status: 422 }])
    sender.dismissRefusals()
    expect(sender.getState().refusals).toEqual([])
  })

  it('drops only the refused action of a batch, and sends the rest', async () => {
    const { sender, bodies, store } = setUp([
      new TypeError('Failed to fetch'),
      json(422, { message: 'Invalid', errors: { 'actions.1.scoring': ['Unknown scoring'] } }),
      recordAll,
    ])
    const [a, b, c] = [action(), action({ scoring: 'seven' } as Partial<ScoreActionInput>), action()]
    sender.add(a)
    await settle()
    sender.add(b)
    sender.add(c)
    await sender.flush()
    expect(bodies.map((body) => body.actions.map((x) => x.id))).toEqual([[a.id], [a.id, b.id, c.id], [a.id, c.id]])
    expect(sender.getState().refusals.map((r) => [r.action.id, r.message])).toEqual([[b.id, 'Unknown scoring']])
    expect(store.read(EVENT)).toEqual([])
  })

  it('finds the refused one of a batch refused as a whole (409 after the final) by sending one by one', async () => {
    const final = { message: 'The game is over' }
    const { sender, bodies } = setUp([
      new TypeError('Failed to fetch'),
      json(409, final),
      recordAll,
      json(409, final),
      recordAll,
    ])
    const [a, b, c] = [action({ type: 'final' } as Partial<ScoreActionInput>), action(), action()]
    sender.add(a)
    await settle()
    sender.add(b)
    sender.add(c)
    await sender.flush()
    expect(bodies.map((body) => body.actions.map((x) => x.id))).toEqual([
      [a.id],
      [a.id, b.id, c.id],
      [a.id],
      [b.id],
      [c.id],
    ])
    expect(sender.getState().refusals.map((r) => [r.action.id, r.status])).toEqual([[b.id, 409]])
    expect(sender.getState().pending).toEqual([])
  })

  it('keeps the actions while the server does not accept who sends them (401)', async () => {
    const { sender, store } = setUp([json(401, { message: 'Unauthenticated.' })])
    const tap = action()
    sender.add(tap)
    await settle()
    expect(sender.getState().status).toBe('blocked')
    expect(store.read(EVENT)).toEqual([tap])
    sender.dispose()
  })

  it('tells the page each answer before the actions leave the outbox', async () => {
    const { sender, store } = setUp([recordAll])
    const seen: number[] = []
    sender.onRecorded((result) => seen.push(result.timeline.version, store.read(EVENT).length))
    sender.add(action())
    await settle()
    expect(seen).toEqual([1, 1])
    expect(store.read(EVENT)).toEqual([])
  })

  it('reads an unreadable stored outbox as empty', () => {
    const backend = memoryBackend()
    const storage = createTtlStorage({ backend })
    storage.setItem(outboxName(EVENT), '{"not":"a list"}')
    expect(createOutboxStore(storage).read(EVENT)).toEqual([])
  })

  it('lists the games whose outbox holds something', () => {
    const store = createOutboxStore(createTtlStorage({ backend: memoryBackend() }))
    store.write(1, [action()])
    store.write(2, [action()])
    store.write(1, [])
    expect(store.games()).toEqual([2])
  })
})
