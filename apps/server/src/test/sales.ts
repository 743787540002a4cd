import type { TestContext } from './context.js'

let n = 0

/** A valid `POST /api/admin/passes` body: a monthly subscription that opens every game. */
export function samplePass(extra: Record<string, unknown> = {}) {
  n += 1
  return {
    kind: 'subscription',
    name: `Season pass ${n}`,
    price: 999,
    period: 'monthly',
    capabilities: ['watch'],
    ...extra,
  }
}

/** A valid `POST /api/admin/coupons` body, with a code of its own. */
export function sampleCoupon(extra: Record<string, unknown> = {}) {
  n += 1
  return { code: `SAVE${n}${Math.random().toString(36).slice(2, 6)}`, percent_off: 10, ...extra }
}

/** Creates a pass, coupon or bundle through the console's API with an operator's key; its answer's `data`. */
export async function createSale(
  ctx: TestContext,
  key: string,
  resource: 'passes' | 'coupons' | 'bundles',
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const res = await ctx.json(`/api/admin/${resource}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body,
  })
  if (res.status !== 201) throw new Error(`no ${resource}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

/** Two single-game passes of an operator's channel, made through the console's API: their ids. */
export async function bundlePasses(ctx: TestContext, key: string, eventId: number): Promise<[number, number]> {
  const ids: number[] = []
  for (const name of ['Opener', 'Closer']) {
    n += 1
    ids.push(
      (await createSale(ctx, key, 'passes', { kind: 'event', name: `${name} ${n}`, price: 500, event_id: eventId })).id,
    )
  }
  return ids as [number, number]
}

/** A valid `POST /api/admin/bundles` body of these passes. */
export function sampleBundle(passIds: number[], extra: Record<string, unknown> = {}) {
  n += 1
  return { name: `Doubleheader ${n}`, price: 800, base_price: 1000, pass_ids: passIds, ...extra }
}
