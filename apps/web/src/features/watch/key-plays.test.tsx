import { type KeyPlay, SPORTS, type SportRules } from '@fieldhouse/contract'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { drawScores } from '../../lib/entities/scores/scores.test-support'
import { enCatalogue } from '../../lib/i18n/resources/en-catalogue'
import { enWatch } from '../../lib/i18n/resources/en-watch'
import { useAppStore } from '../../lib/store/app-store'
import { KeyPlayItem } from './key-plays'
import { keyPlayEntry } from './key-plays-model'

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

const basketball = SPORTS.basketball as SportRules
const play = (fields: Partial<KeyPlay> = {}): KeyPlay => ({
  id: 1,
  event_id: 7,
  t: 1_000,
  position: 754,
  label: 'Dunk',
  tag: 'Dunk',
  side: 'home',
  score: { home: 21, away: 24, period: 2 },
  before: 8,
  after: 4,
  status: 'ready',
  clip: { id: 3, uuid: 'abc', status: 'ready', poster: '/p.jpg', start_time: 746, duration: 12 },
  ...fields,
})

async function draw(value: KeyPlay, hidden = false, onPlay: (() => void) | null = () => {}) {
  const html = await drawScores(
    <MemoryRouter>
      <ul>
        <KeyPlayItem entry={keyPlayEntry(value, basketball)} hidden={hidden} onPlay={onPlay} />
      </ul>
    </MemoryRouter>,
    { resources: { en: { translation: { ...enCatalogue, ...enWatch } } } },
  )
  const spoken = html.match(/<span class="visually-hidden">([^<]*)<\/span>/)?.[1] ?? null
  return { html, spoken }
}

describe('KeyPlayItem', () => {
  afterEach(() => useAppStore.setState({ spoilerFree: false, revealedScores: [] }))

  it('is a button named by the play, where it plays from and the score then; its clip a link', async () => {
    const { html, spoken } = await draw(play())
    expect(html).toContain('<button type="button" class="key-play__main">')
    expect(spoken).toBe('Play Dunk from 12:34, Q2 · 24–21')
    expect(html).toContain('<span class="key-play__label">Dunk</span>')
    expect(html).toContain('<span class="key-play__time">12:34</span>')
    expect(html).toContain('<span class="key-play__score">Q2 · 24–21</span>')
    expect(html).toContain('<img src="/p.jpg" alt=""')
    const link = html.match(/<a [^>]*>Watch clip<\/a>/)?.[0] ?? ''
    expect(link).toContain('href="/share/3/abc"')
    expect(link).toContain('aria-label="Watch the clip of Dunk"')
  })

  it('hides the score behind spoiler-free, on screen and in its name', async () => {
    const { html, spoken } = await draw(play(), true)
    expect(html).not.toContain('24–21')
    expect(html).toContain('Q2 · Score hidden')
    expect(spoken).toBe('Play Dunk from 12:34, Q2 · Score hidden')
  })

  it('shows a placeholder while the clip is cut, and no clip link', async () => {
    const { html } = await draw(
      play({
        status: 'cutting',
        clip: { id: 3, uuid: 'abc', status: 'processing', poster: null, start_time: 746, duration: 12 },
      }),
    )
    expect(html).toContain('<span class="key-play__placeholder">Clip being cut</span>')
    expect(html).not.toContain('Watch clip')
  })

  it('is no button before the recording holds it: the period and score stand for its time', async () => {
    const { html, spoken } = await draw(play({ position: null, status: 'waiting', clip: null }), false, null)
    expect(html).not.toContain('<button')
    expect(html).not.toContain('key-play__time')
    expect(spoken).toBe('Dunk, Q2 · 24–21')
  })
})
