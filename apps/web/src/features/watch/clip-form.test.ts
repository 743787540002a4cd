import { describe, expect, it } from 'vitest'
import { isClipPending } from '../../lib/entities/clips/use-my-clips'
import { initialMarks, markedRange, markIn, markOut, moveClipMark, validateClipForm } from './clip-form'

const valid = { name: 'Winning shot', start: '00:01:00', end: '00:01:10', tags: ['Goal'] }

describe('validateClipForm', () => {
  it('turns the form into seconds for POST /clip', () => {
    expect(validateClipForm(valid, { recorded: 3600 })).toEqual({
      ok: true,
      value: { name: 'Winning shot', start_time: 60, duration: 10, tags: ['Goal'] },
    })
  })

  it('keeps tenths of a second (a frame can be marked)', () => {
    const result = validateClipForm({ ...valid, start: '00:00:01.5', end: '00:00:12.2' }, { recorded: 60 })
    expect(result).toMatchObject({ ok: true, value: { start_time: 1.5, duration: 10.7 } })
  })

  it('asks for every empty field and at least one tag, in the spec’s cases', () => {
    expect(validateClipForm({ name: '  ', start: '', end: '', tags: [] }, { recorded: 60 })).toEqual({
      ok: false,
      errors: { name: 'required', start: 'required', end: 'required', tags: 'tagRequired' },
    })
  })

  it('refuses a clip that runs past what is recorded', () => {
    const result = validateClipForm({ ...valid, start: '00:00:55', end: '00:01:05' }, { recorded: 62 })
    expect(result).toEqual({ ok: false, errors: { end: 'pastEnd' } })
  })

  it('does not judge the end while the recorded length is not known', () => {
    expect(validateClipForm(valid, { recorded: null }).ok).toBe(true)
  })

  it('refuses an out point at or before the in point, a bad time, and lengths outside the limits', () => {
    expect(validateClipForm({ ...valid, end: '00:01:00' }, { recorded: 600 })).toEqual({
      ok: false,
      errors: { end: 'outBeforeIn' },
    })
    expect(validateClipForm({ ...valid, start: '1 minute' }, { recorded: 600 })).toEqual({
      ok: false,
      errors: { start: 'timeFormat' },
    })
    expect(
      validateClipForm({ ...valid, start: '00:00:00', end: '00:02:01' }, { recorded: 600, maxDurationSec: 120 }),
    ).toEqual({ ok: false, errors: { end: 'tooLong' } })
    expect(validateClipForm({ ...valid, end: '00:01:00.5' }, { recorded: 600, minDurationSec: 1 })).toEqual({
      ok: false,
      errors: { end: 'tooShort' },
    })
  })
})

describe('marking in and out', () => {
  it('marks in then out at the playhead', () => {
    const marked = markOut(markIn({ start: '', end: '' }, 62.34), 72.5)
    expect(marked).toEqual({ start: '00:01:02.3', end: '00:01:12.5' })
    expect(markedRange(marked)).toEqual({ start: 62.3, end: 72.5 })
  })

  it('puts the in point ten seconds back when only the out point is marked, never before 0', () => {
    expect(markOut({ start: '', end: '' }, 95)).toEqual({ start: '00:01:25', end: '00:01:35' })
    expect(markOut({ start: '', end: '' }, 4)).toEqual({ start: '00:00:00', end: '00:00:04' })
    expect(markOut({ start: '00:02:00', end: '' }, 100)).toEqual({ start: '00:01:30', end: '00:01:40' })
  })

  it('clears an out point that a later in point passes', () => {
    expect(markIn({ start: '00:00:10', end: '00:00:20' }, 25)).toEqual({ start: '00:00:25', end: '' })
    expect(markIn({ start: '00:00:10', end: '00:00:20' }, 12)).toEqual({ start: '00:00:12', end: '00:00:20' })
  })

  it('shows no marker for text that is not a time', () => {
    expect(markedRange({ start: 'abc', end: '' })).toEqual({ start: null, end: null })
  })

  it('knows which states are still being made', () => {
    expect(['queued', 'processing', 'ready', 'failed'].map(isClipPending)).toEqual([true, true, false, false])
  })
})

describe('moveClipMark', () => {
  const bounds = { window: { start: 0, end: 600 }, maxDurationSec: 60, minDurationSec: 1 }

  it('moves a mark to where it is dragged, kept to tenths', () => {
    expect(moveClipMark({ start: 10, end: 40 }, 'start', 12.34, bounds)).toBe(12.3)
    expect(moveClipMark({ start: 10, end: 40 }, 'end', 45.06, bounds)).toBe(45.1)
  })

  it('never puts the in point after the out point, nor the out before the in', () => {
    expect(moveClipMark({ start: 10, end: 40 }, 'start', 55, bounds)).toBe(39)
    expect(moveClipMark({ start: 10, end: 40 }, 'end', 3, bounds)).toBe(11)
  })

  it("keeps the clip within the channel's longest clip", () => {
    expect(moveClipMark({ start: 100, end: 130 }, 'start', 20, bounds)).toBe(70)
    expect(moveClipMark({ start: 100, end: 130 }, 'end', 400, bounds)).toBe(160)
  })

  it('keeps a mark inside the seek bar (a live window that starts later)', () => {
    const live = { ...bounds, window: { start: 30, end: 90 } }
    expect(moveClipMark({ start: 40, end: 50 }, 'start', 0, live)).toBe(30)
    expect(moveClipMark({ start: 40, end: 80 }, 'end', 200, live)).toBe(90)
    expect(moveClipMark({ start: null, end: null }, 'end', -5, live)).toBe(30)
  })

  it('with the other mark typed outside the window, only the window holds the handle', () => {
    expect(moveClipMark({ start: 10, end: 900 }, 'start', 20, bounds)).toBe(20)
  })
})

describe('initialMarks', () => {
  it('takes the 10 s up to the playhead, or the first 10 s near the start', () => {
    expect(initialMarks(75.25, 600)).toEqual({ start: '00:01:05.3', end: '00:01:15.3' })
    expect(initialMarks(3, 600)).toEqual({ start: '00:00:00', end: '00:00:10' })
  })

  it('never runs past what is recorded', () => {
    expect(initialMarks(0, 6)).toEqual({ start: '00:00:00', end: '00:00:06' })
    expect(initialMarks(30, null)).toEqual({ start: '00:00:20', end: '00:00:30' })
  })
})
