import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type DatabaseKind, type TestContext } from '../../test/context.js'

/**
 * What the payments API tests share: cards for the offline test gateway, a test context per database
 * with the passes and a paid event read once, and small helpers over them. `ctx`, `passes` and
 * `paidEvent` are live bindings, set by `usePaymentsContext` before the tests of its block run.
 */
export const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
export const DECLINED = { ...VISA, number: '4000000000000002' }

export async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn()
    if (v) return v
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

export type Pass = {
  id: number
  kind: string
  name: string
  event_id: number | null
  trial_period: number
  price: number
}

export let ctx: TestContext
export let passes: Pass[]
export let paidEvent: { id: number; type: string }

/** A fresh app on a fresh database of this kind for the enclosing describe block, closed after it. */
export function usePaymentsContext(kind: DatabaseKind) {
  beforeAll(async () => {
    ctx = await createTestContext(kind)
    const anon = await ctx.apiKey()
    passes = [
      ...(await ctx.json(`/api/packages?api_key=${anon}`)).body.data,
      ...(await ctx.json(`/api/subscriptions?api_key=${anon}`)).body.data,
    ]
    const events = (await ctx.json(`/api/events?stream_status[]=vod&no_limit=1&api_key=${anon}`)).body.data
    paidEvent = events.find((e: { type: string }) => e.type === 'paid')
  })
  afterAll(() => ctx.close())
}

export const byKind = (k: string) => passes.find((p) => p.kind === k) as Pass
export const eventPass = (eventId: number) => passes.find((p) => p.kind === 'event' && p.event_id === eventId) as Pass
export const post = (path: string, key: string, body: object) =>
  ctx.json(path, { method: 'POST', body: { api_key: key, ...body } })
export const settled = (key: string, id: number) =>
  until(async () => {
    const o = (await ctx.json(`/api/orders/${id}?api_key=${key}`)).body.data
    return o.status !== 'created' ? o : null
  }, `order ${id} to settle`)
