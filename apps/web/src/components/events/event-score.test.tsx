import type { Event, EventCategory, EventScore } from '@fieldhouse/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventCategoriesQueryKey } from '../../lib/entities/catalogue/use-event-categories'
import { drawScores } from '../../lib/entities/scores/scores.test-support'
import { bg } from '../../lib/i18n/resources/bg'
import { enCatalogue } from '../../lib/i18n/resources/en-catalogue'
import { fr } from '../../lib/i18n/resources/fr'
import { useAppStore } from '../../lib/store/app-store'
import { EventScoreLine } from './event-score'

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

const categories: EventCategory[] = [
  {
    id: 1,
    name: 'Basketball',
    alias: 'basketball',
    parent_id: null,
    children: [{ id: 2, name: 'Boys Varsity', alias: 'boys-varsity', parent_id: 1, children: [] }],
  },
]
const team = (id: number, name: string, short: string, side: 'home' | 'away') => ({
  id,
  name,
  short_name: short,
  alias: short.toLowerCase(),
  images: [],
  color: null,
  participant_group_id: null,
  event_category_id: 2,
  properties: {},
  side,
})
const event = (score: EventScore | null): Event =>
  ({
    id: 12,
    name: 'Riverside at Northfield',
    event_category_id: 2,
    category: { id: 2, name: 'Boys Varsity', alias: 'boys-varsity' },
    // Listed home first: the card still names the away team first.
    participants: [team(1, 'Northfield Owls', 'Northfield', 'home'), team(2, 'Riverside Hawks', 'Riverside', 'away')],
    score,
  }) as unknown as Event

async function draw(node: React.ReactNode, lng = 'en') {
  const html = await drawScores(node, {
    lng,
    resources: { en: { translation: enCatalogue }, fr: { translation: fr }, bg: { translation: bg } },
    seed: [[eventCategoriesQueryKey, categories]],
  })
  const shown = html.match(/<span aria-hidden="true">(.*?)<\/span><span class="visually-hidden">/)?.[1] ?? ''
  const spoken = html.match(/<span class="visually-hidden">([^<]*)<\/span>/)?.[1] ?? ''
  const text = (s: string) => s.replace(/<[^>]+>/g, '')
  return { html, shown: text(shown), spoken }
}

describe('EventScoreLine', () => {
  afterEach(() => useAppStore.setState({ spoilerFree: false, revealedScores: [] }))

  it('writes a live score in the card’s away @ home order, with the sport’s period, marked live', async () => {
    const { html, shown, spoken } = await draw(
      <EventScoreLine event={event({ home: 42, away: 39, period: 3, status: 'live' })} />,
    )
    expect(shown).toBe('39–42 · Q3')
    expect(html).toContain('event-score--live')
    expect(html).toContain('event-score__live-mark')
    expect(spoken).toBe('Live score: Riverside 39, Northfield 42, Q3')
  })

  it('writes a final score as "Final 39–42"', async () => {
    const { shown, spoken } = await draw(
      <EventScoreLine event={event({ home: 42, away: 39, period: 4, status: 'final' })} />,
    )
    expect(shown).toBe('Final 39–42')
    expect(spoken).toBe('Final score: Riverside 39, Northfield 42')
  })

  it('draws nothing without a score', async () => {
    const { html } = await draw(<EventScoreLine event={event(null)} />)
    expect(html).toBe('')
  })

  it('hides the score behind spoiler-free until this game’s Show is pressed', async () => {
    useAppStore.setState({ spoilerFree: true })
    const hidden = await draw(<EventScoreLine event={event({ home: 42, away: 39, period: 3, status: 'live' })} />)
    expect(hidden.html).toContain('Score hidden')
    expect(hidden.html).toContain('aria-label="Show the score of Riverside @ Northfield"')
    expect(hidden.html).not.toContain('42')
    useAppStore.getState().revealScore(12)
    const shown = await draw(<EventScoreLine event={event({ home: 42, away: 39, period: 3, status: 'live' })} />)
    expect(shown.shown).toBe('39–42 · Q3')
  })

  it.each([
    ['fr', 'Score final : Riverside 39, Northfield 42'],
    ['bg', 'Краен резултат: Riverside 39, Northfield 42'],
  ])('speaks the score in %s', async (lng, words) => {
    const { spoken } = await draw(
      <EventScoreLine event={event({ home: 42, away: 39, period: 4, status: 'final' })} />,
      lng,
    )
    expect(spoken).toBe(words)
  })
})
