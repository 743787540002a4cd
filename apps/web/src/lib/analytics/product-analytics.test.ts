import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProductTracker, TrackCall } from './product/product-tracker'
import {
  analyticsTarget,
  productAnalytics,
  productPlayerEvents,
  resetProductAnalytics,
  startProductAnalytics,
} from './product-analytics'

describe('where product analytics goes (spec §7)', () => {
  it('needs the channel key', () => {
    expect(
      analyticsTarget({ profile: null, serviceUrl: 'https://s.example.com', hostname: 'tv.example.com' }),
    ).toBeNull()
    expect(analyticsTarget({ profile: '', serviceUrl: null, hostname: 'tv.example.com' })).toBeNull()
  })

  it('is skipped on localhost unless the settings name the service', () => {
    for (const hostname of ['localhost', '127.0.0.1', '[::1]', 'app.localhost']) {
      expect(analyticsTarget({ profile: 'yak_1', serviceUrl: null, hostname })).toBeNull()
      expect(analyticsTarget({ profile: 'yak_1', serviceUrl: 'http://127.0.0.1:3401', hostname })).toEqual({
        base: 'http://127.0.0.1:3401',
        profile: 'yak_1',
      })
    }
    expect(analyticsTarget({ profile: 'yak_1', serviceUrl: null, hostname: 'tv.example.com' })).toEqual({
      base: '',
      profile: 'yak_1',
    })
  })
})

function fakeWindow() {
  const listeners = new Map<string, Array<(event: unknown) => void>>()
  const on = (name: string, fn: (event: unknown) => void) => listeners.set(name, [...(listeners.get(name) ?? []), fn])
  const doc = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: on }
  const win = { addEventListener: on, document: doc }
  const fire = (name: string, event: unknown = {}) => {
    for (const fn of listeners.get(name) ?? []) fn(event)
  }
  return { win: win as never, doc, fire }
}

function fakeTracker() {
  const handled: TrackCall[] = []
  const tracker = {
    handle: (call: TrackCall) => void handled.push(call),
    pageHidden: vi.fn(),
    pageShown: vi.fn(),
  } as unknown as ProductTracker
  return { tracker, handled }
}

describe('product analytics start-up', () => {
  afterEach(() => resetProductAnalytics())

  it('loads the client only when the page is idle, and hands it what happened meanwhile, in order', async () => {
    vi.stubGlobal('window', { location: { pathname: '/live', search: '' } })
    vi.stubGlobal('document', { referrer: '' })
    const { tracker, handled } = fakeTracker()
    let idle: () => void = () => {}
    const load = vi.fn(async () => () => tracker)
    const { win, doc, fire } = fakeWindow()
    productAnalytics.visit('/')
    startProductAnalytics({ base: '', profile: 'yak_1' }, { load, whenIdle: (run) => (idle = run), target: win })
    productAnalytics.visit('/live')
    productPlayerEvents.emit({ type: 'play' }, { subject: 'event:1', live: true, viewId: 'v' })
    fire('error', { error: new TypeError('x is undefined') })
    expect(load).not.toHaveBeenCalled()
    idle()
    await vi.waitFor(() => expect(handled).toHaveLength(4))
    expect(handled.map((c) => c.kind)).toEqual(['visit', 'visit', 'player', 'error'])
    expect(handled[3]).toMatchObject({ source: 'error', message: 'TypeError: x is undefined', page: '/live' })
    productAnalytics.visit('/vod')
    expect(handled).toHaveLength(5)
    doc.visibilityState = 'hidden'
    fire('visibilitychange')
    expect(tracker.pageHidden).toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('notes the funnel’s steps with the pass they are about, empty fields as null', async () => {
    vi.stubGlobal('window', {
      location: { pathname: '/packages', search: '', href: 'https://tv.example.com/packages' },
    })
    const { tracker, handled } = fakeTracker()
    const { win } = fakeWindow()
    startProductAnalytics(
      { base: '', profile: 'yak_1' },
      { load: async () => () => tracker, whenIdle: (run) => run(), target: win },
    )
    await vi.waitFor(() => expect(tracker).toBeDefined())
    await Promise.resolve()
    productAnalytics.commerce('view_item_list', { item_id: 'packages', item_name: 'Packages' })
    productAnalytics.commerce('purchase_success', {
      item_id: '4',
      item_name: 'Season pass',
      value: 9.5,
      currency: 'USD',
    })
    await vi.waitFor(() => expect(handled).toHaveLength(2))
    expect(handled[0]).toMatchObject({
      kind: 'commerce',
      event: 'view_item_list',
      item: { item_id: 'packages', item_name: 'Packages', value: null, currency: null },
      href: 'https://tv.example.com/packages',
    })
    expect(handled[1]).toMatchObject({ event: 'purchase_success', item: { value: 9.5, currency: 'USD' } })
    vi.unstubAllGlobals()
  })

  it('keeps nothing and loads nothing when it is off', () => {
    const load = vi.fn()
    const whenIdle = vi.fn()
    startProductAnalytics(null, { load, whenIdle })
    productAnalytics.login('email', { id: 1, email: 'a@b.c' })
    expect(whenIdle).not.toHaveBeenCalled()
    expect(load).not.toHaveBeenCalled()
  })

  it('goes on without analytics when its chunk does not load', async () => {
    const { win } = fakeWindow()
    let idle: () => void = () => {}
    startProductAnalytics(
      { base: '', profile: 'p' },
      { load: () => Promise.reject(new Error('offline')), whenIdle: (run) => (idle = run), target: win },
    )
    idle()
    await Promise.resolve()
    expect(() => productAnalytics.login('social', { id: 1, email: 'a@b.c' })).not.toThrow()
  })
})
