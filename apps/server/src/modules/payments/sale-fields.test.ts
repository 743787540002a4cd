import type { AdminPassFields } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import type { PassRow } from '../../db/schema.js'
import { bundleColumns, bundleFieldsOf, definedOf, passColumns, passFieldsOf, retiredColumn } from './sale-fields.js'

const fields: AdminPassFields = {
  kind: 'subscription',
  name: 'Monthly',
  description: null,
  price: 999,
  base_price: null,
  service_fee: 0,
  image: null,
  offer: null,
  period: 'monthly',
  trial_period: 7,
  pass_type: 'regular',
  is_team_pass: false,
  event_categories: [2, 3],
  participants: [],
  event_id: 12,
  capabilities: ['clipping', 'clipping'],
  weight: 5,
}

describe("the console's sale fields ⇄ their rows", () => {
  it('writes a subscription with its period and trial, no event, the price as its base price, capabilities once', () => {
    expect(passColumns(fields)).toMatchObject({
      period: 'monthly',
      trial_period: 7,
      event_id: null,
      base_price: 999,
      is_team_pass: 0,
      event_categories: '[2,3]',
      capabilities: '["clipping"]',
    })
  })

  it('writes an add-on as an addition, and an event pass without period or trial', () => {
    expect(passColumns({ ...fields, kind: 'addon' }).pass_type).toBe('addition')
    expect(passColumns({ ...fields, kind: 'event' })).toMatchObject({ period: null, trial_period: 0, event_id: 12 })
  })

  it("reads a row back as the fields it was written from (the seed's `month` as monthly, a subscription without event)", () => {
    const row = { ...passColumns(fields), id: 1, channel_id: 1, base_price: 999, period: 'month' } as unknown as PassRow
    expect(passFieldsOf(row)).toEqual({ ...fields, base_price: 999, capabilities: ['clipping'], event_id: null })
    const bundle = {
      name: 'Pair',
      price: 1500,
      base_price: null,
      service_fee: 0,
      image: null,
      weight: 0,
      pass_ids: [4, 5],
    }
    expect(bundleFieldsOf({ ...bundleColumns(bundle), id: 1 } as never)).toEqual({ ...bundle, base_price: 1500 })
  })

  it('keeps what an update leaves out, and marks a retirement once', () => {
    expect(definedOf({ name: 'New', price: undefined, image: null })).toEqual({ name: 'New', image: null })
    const now = () => 2000
    expect(retiredColumn(undefined, 1000, now)).toEqual({})
    expect(retiredColumn(true, null, now)).toEqual({ retired_at: 2000 })
    expect(retiredColumn(true, 1000, now)).toEqual({ retired_at: 1000 })
    expect(retiredColumn(false, 1000, now)).toEqual({ retired_at: null })
  })
})
