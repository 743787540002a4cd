import { describe, expect, it } from 'vitest'
import { alertRowKey, clickThrough, clickThroughText } from './alerts-format'

describe('the Alerts page’s click-through', () => {
  it('is clicked ÷ sent in percent, to one decimal', () => {
    expect(clickThrough({ sent: 8, clicked: 1 })).toBe(12.5)
    expect(clickThrough({ sent: 3, clicked: 1 })).toBe(33.3)
    expect(clickThrough({ sent: 1, clicked: 1 })).toBe(100)
    expect(clickThrough({ sent: 5, clicked: 0 })).toBe(0)
  })

  it('is not a number when nothing was sent', () => {
    expect(clickThrough({ sent: 0, clicked: 0 })).toBeNull()
  })

  it('is written with a percent sign, or a dash when nothing was sent', () => {
    expect(clickThroughText({ sent: 8, clicked: 1 })).toBe('12.5%')
    expect(clickThroughText({ sent: 1, clicked: 1 })).toBe('100%')
    expect(clickThroughText({ sent: 2, clicked: 0 })).toBe('0%')
    expect(clickThroughText({ sent: 0, clicked: 0 })).toBe('—')
    expect(clickThroughText({ sent: 1_000, clicked: 1 })).toBe('0.1%')
  })

  it('keys a row by its game, kind and way', () => {
    expect(alertRowKey({ event_id: 7, kind: 'go_live', via: 'push' })).toBe('7:go_live:push')
    expect(alertRowKey({ event_id: 7, kind: 'go_live', via: 'email' })).not.toBe(
      alertRowKey({ event_id: 7, kind: 'reminder', via: 'email' }),
    )
  })
})
