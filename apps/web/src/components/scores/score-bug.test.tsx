import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ScoreMoment } from '../../lib/entities/scores/score-moment'
import { drawScores } from '../../lib/entities/scores/scores.test-support'
import { enCatalogue } from '../../lib/i18n/resources/en-catalogue'
import { useAppStore } from '../../lib/store/app-store'
import { ScoreBug, teamChipStyle } from './score-bug'

// A server render reads a zustand store's initial state; these draw over its current state instead.
vi.mock('../../lib/store/app-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/store/app-store')>()
  const store = real.useAppStore
  const current = Object.assign(
    <T,>(selector: (state: ReturnType<typeof store.getState>) => T) => selector(store.getState()),
    store,
  )
  return { ...real, useAppStore: current }
})

describe('teamChipStyle', () => {
  it('writes a team’s name in black or white, whichever reads on its colour', () => {
    expect(teamChipStyle('#0b1f4d', 'home')).toEqual({ background: '#0b1f4d', color: '#fff' })
    expect(teamChipStyle('#ffd200', 'away')).toEqual({ background: '#ffd200', color: '#000' })
  })
  it('falls back on the channel’s colours, each with its readable text', () => {
    expect(teamChipStyle(null, 'home')).toEqual({
      background: 'var(--primary-color)',
      color: 'var(--primary-text-color)',
    })
    expect(teamChipStyle('not a colour', 'away')).toEqual({
      background: 'var(--header-background)',
      color: 'var(--header-text-color)',
    })
  })
})

const home = { name: 'Northfield Owls', short_name: 'NOR', color: '#0b1f4d' }
const away = { name: 'Riverside Hawks', short_name: 'RIV', color: null }
const moment = (fields: Partial<ScoreMoment> = {}): ScoreMoment => ({
  home: 42,
  away: 39,
  period: 3,
  periodLabel: 'Q3',
  at: 0,
  clock: '7:42',
  final: false,
  ...fields,
})

async function draw(value: ScoreMoment) {
  const html = await drawScores(<ScoreBug moment={value} home={home} away={away} eventId={12} />, {
    resources: { en: { translation: enCatalogue } },
  })
  const board = html.match(/<div class="score-bug__board" aria-hidden="true">(.*?)<\/div>/)?.[1] ?? ''
  const cells = [...board.matchAll(/<span[^>]*>([^<]*)<\/span>/g)].map((m) => m[1])
  const spoken = html.match(/aria-live="polite"[^>]*>([^<]*)<\/p>/)?.[1] ?? null
  return { html, cells, spoken }
}

describe('ScoreBug', () => {
  afterEach(() => useAppStore.setState({ spoilerFree: false, revealedScores: [] }))

  it('draws the teams, the scores, the period and the clock; says the score without the clock', async () => {
    const { cells, spoken } = await draw(moment())
    expect(cells).toEqual(['RIV', '39', 'NOR', '42', 'Q3 · 7:42'])
    expect(spoken).toBe('Score: NOR 42, RIV 39, Q3')
  })

  it('says the same while only the clock moves (a polite region that does not chatter)', async () => {
    const a = await draw(moment({ clock: '7:42' }))
    const b = await draw(moment({ clock: '7:41' }))
    expect(a.spoken).toBe(b.spoken)
    expect(a.cells.at(-1)).not.toBe(b.cells.at(-1))
  })

  it('shows Final once the game is over', async () => {
    const { cells, spoken } = await draw(moment({ final: true, clock: null, period: 4, periodLabel: 'Q4' }))
    expect(cells.at(-1)).toBe('Final')
    expect(spoken).toBe('Final score: NOR 42, RIV 39')
  })

  it('puts the home team on its colour with readable text, the away team on the channel’s', async () => {
    const { html } = await draw(moment())
    expect(html).toContain('background:#0b1f4d;color:#fff')
    expect(html).toContain('background:var(--header-background);color:var(--header-text-color)')
  })

  it('shows a "Show score" button instead when spoiler-free, and says nothing', async () => {
    useAppStore.setState({ spoilerFree: true })
    const hidden = await draw(moment())
    expect(hidden.html).toContain('Show score')
    expect(hidden.html).not.toContain('score-bug__board')
    expect(hidden.spoken).toBe('')
    useAppStore.getState().revealScore(12)
    expect((await draw(moment())).cells).toEqual(['RIV', '39', 'NOR', '42', 'Q3 · 7:42'])
  })
})
