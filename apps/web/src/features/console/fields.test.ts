import { EventInputSchema } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { type FieldConfig, toForm, toInput, zonedToIso } from './fields'
import { resourceConfigs } from './resources'

describe('console form fields', () => {
  it('reads a start time on the wall clock of the event time zone, across a change of offset', () => {
    expect(zonedToIso('2026-12-01T19:30', 'America/Chicago')).toBe('2026-12-02T01:30:00Z')
    expect(zonedToIso('2026-07-01T19:30', 'America/Chicago')).toBe('2026-07-02T00:30:00Z')
    expect(zonedToIso('2026-12-01T19:30', 'UTC')).toBe('2026-12-01T19:30:00Z')
    expect(zonedToIso('not a time', 'UTC')).toBeNull()
  })

  it('turns what an operator typed for a game into the contract input the server takes', () => {
    const fields = resourceConfigs.events?.fields ?? []
    const input = toInput(
      fields,
      {
        name: 'Eagles at Hawks',
        participants: { away: '3', home: '4' },
        event_category_id: '1',
        location_id: '',
        time_zone: 'America/Chicago',
        event_utc_ts: '2026-12-01T19:30',
        access_mode: 'ppv',
        base_price: '9.99',
        service_fee: '',
        stream_status: 'upcoming',
        description: '',
      },
      true,
    )
    expect(input).toMatchObject({
      participants: [
        { participant_id: 4, side: 'home' },
        { participant_id: 3, side: 'away' },
      ],
      event_category_id: 1,
      location_id: null,
      event_utc_ts: '2026-12-02T01:30:00Z',
      base_price: 999,
      service_fee: 0,
      description: null,
    })
    expect(EventInputSchema.safeParse(input).success).toBe(true)
  })

  it("reads a price typed with a point or a comma, in the channel's currency", () => {
    const fields: FieldConfig[] = [{ name: 'base_price', label: 'fields.price', kind: 'money' }]
    expect(toInput(fields, { base_price: '9,99' }, true).base_price).toBe(999)
    expect(toInput(fields, { base_price: '12' }, true).base_price).toBe(1200)
    expect(toInput(fields, { base_price: '' }, true).base_price).toBe(0)
    expect(toInput(fields, { base_price: '1500' }, true, { currency: 'JPY', locale: 'en' }).base_price).toBe(150000)
    expect(toForm(fields, { base_price: 999 }, { currency: 'EUR', locale: 'fr' }).base_price).toBe('9,99')
  })

  it('leaves a price that is not an amount for the schema to refuse', () => {
    const fields: FieldConfig[] = [{ name: 'base_price', label: 'fields.price', kind: 'money' }]
    expect(toInput(fields, { base_price: 'nine' }, true).base_price).toBe('nine')
    expect(toInput(fields, { base_price: '9.999' }, true).base_price).toBe('9.999')
    expect(EventInputSchema.shape.base_price.safeParse('nine').success).toBe(false)
  })

  it('shows a stored record as text, and a new one with its first choices', () => {
    const fields = resourceConfigs.events?.fields ?? []
    expect(
      toForm(fields, {
        name: 'G',
        base_price: 1250,
        time_zone: 'UTC',
        event_utc_ts: '2026-12-01T19:30:00.000Z',
        participants: [{ participant_id: 7, side: 'away' }],
      }),
    ).toMatchObject({ base_price: '12.50', event_utc_ts: '2026-12-01T19:30', participants: { away: '7', home: '' } })
    expect(toForm(fields, undefined)).toMatchObject({
      access_mode: 'free',
      stream_status: 'upcoming',
      time_zone: 'UTC',
    })
  })
})
