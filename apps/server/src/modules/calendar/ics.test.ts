import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarText, GAME_ENTRY_MS, gameUid } from './ics.js'

const made = Date.UTC(2026, 10, 1)
const game = {
  id: 7,
  createdAt: made,
  name: 'Dallas Jays @ Austin Owls',
  // 19:00 in Chicago on 14 January 2027 (CST, UTC−6).
  startMs: Date.UTC(2027, 0, 15, 1, 0),
  timeZone: 'America/Chicago',
  location: 'Dome, Austin, TX',
  watchUrl: 'https://tv.example.com/watch/7',
  sequence: 3,
  updatedAt: Date.UTC(2026, 11, 1, 12, 0),
  cancelled: false,
}

const parse = (text: string) => {
  const cal = new ICAL.Component(ICAL.parse(text))
  // A calendar app reads times in the zones the document defines: register them as one would.
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz))
  return { cal, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) }
}

describe('calendarText', () => {
  it('writes a game in its venue time zone, with that zone defined, a stable UID and the watch link', () => {
    const { cal, events } = parse(calendarText({ name: 'Austin Owls · League', uidScope: 'league', games: [game] }))
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Austin Owls · League')
    const zones = cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))
    expect(zones).toEqual(['America/Chicago'])
    const [ev] = events
    expect(ev?.uid).toBe(`event-7-${made.toString(36)}.league@fieldhouse`)
    expect(gameUid('league', 7, made + 1)).not.toBe(ev?.uid)
    expect(ev?.summary).toBe('Dallas Jays @ Austin Owls')
    expect(ev?.location).toBe('Dome, Austin, TX')
    expect(ev?.sequence).toBe(3)
    expect(ev?.startDate.zone.tzid).toBe('America/Chicago')
    expect([ev?.startDate.hour, ev?.startDate.minute, ev?.startDate.day]).toEqual([19, 0, 14])
    expect(ev?.startDate.toJSDate().getTime()).toBe(game.startMs)
    expect(ev?.endDate.toJSDate().getTime()).toBe(game.startMs + GAME_ENTRY_MS)
    expect(ev?.component.getFirstPropertyValue('url')).toBe('https://tv.example.com/watch/7')
    expect(ev?.component.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(ev?.description).toContain('https://tv.example.com/watch/7')
  })

  it('keeps summer time right: a game in July in Chicago is at UTC−5', () => {
    const july = { ...game, startMs: Date.UTC(2027, 6, 10, 0, 30) }
    const [ev] = parse(calendarText({ name: 'x', uidScope: 'league', games: [july] })).events
    expect([ev?.startDate.hour, ev?.startDate.minute, ev?.startDate.day]).toEqual([19, 30, 9])
    expect(ev?.startDate.toJSDate().getTime()).toBe(july.startMs)
  })

  it('marks a cancelled game CANCELLED and says so', () => {
    const [ev] = parse(calendarText({ name: 'x', uidScope: 'league', games: [{ ...game, cancelled: true }] })).events
    expect(ev?.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(ev?.description).toBe('This game was cancelled.')
  })

  it('writes games in several zones, soonest first, each zone once; an unknown zone in UTC', () => {
    const london = { ...game, id: 8, startMs: game.startMs - 3_600_000, timeZone: 'Europe/London' }
    const nowhere = { ...game, id: 9, startMs: game.startMs + 3_600_000, timeZone: 'Mars/Olympus' }
    const second = { ...game, id: 10, startMs: game.startMs + 7_200_000 }
    const { cal, events } = parse(
      calendarText({ name: 'x', uidScope: 'league', games: [second, nowhere, game, london] }),
    )
    expect(events.map((e) => e.uid)).toEqual([8, 7, 9, 10].map((id) => gameUid('league', id, made)))
    const zones = cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))
    expect([...zones].sort()).toEqual(['America/Chicago', 'Europe/London'])
    expect(events[2]?.startDate.toJSDate().getTime()).toBe(nowhere.startMs)
    expect(events[2]?.startDate.zone.tzid).toBe('UTC')
  })

  it('gives the same bytes for the same games (the ETag is a hash of them)', () => {
    const feed = { name: 'x', uidScope: 'league', games: [game] }
    expect(calendarText(feed)).toBe(calendarText(feed))
  })
})
