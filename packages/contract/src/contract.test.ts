import { describe, expect, it } from 'vitest'
import {
  alreadyBought,
  apiKeyInQuery,
  BootstrapSchema,
  colorOpacityVariants,
  constants,
  isApiKeyExempt,
  MediaTypeId,
  messages,
  reloadPageAfter,
  SettingsSchema,
  StreamStatus,
} from './index.js'

describe('contract', () => {
  it('keeps the spec words byte for byte', () => {
    expect(messages.notFoundTitle).toBe('Hmm... Sorry! Game Not Found')
    expect(messages.apiKeyErrorScreen).toBe(
      'Whoops! Apologies! Our service is currently experiencing technical difficulties, please refresh the page',
    )
    expect(messages.noChannelOrApiKey).toBe('No chanel or api key found.')
    expect(messages.cannotLogout).toBe("user can't be logged out")
    expect(reloadPageAfter(42)).toBe('Reload page after 42 seconds')
    expect(alreadyBought('package')).toBe('You already bought this package.')
  })

  it('carries the spec constants', () => {
    expect(constants.requestTimeoutMs).toBe(30_000)
    expect(constants.retryDelayMs).toBe(1000)
    expect(constants.storagePrefix).toBe('rudy_')
    expect(constants.reloadCountdownSeconds).toBe(60)
    expect(constants.splashRemovalDelayMs).toBe(500)
    expect(constants.toastDurationMs).toBe(5000)
    expect(colorOpacityVariants['body-text-color']).toEqual([5, 10, 20, 30, 50, 70, 95])
    expect(MediaTypeId.preview_alt).toBe(7)
    expect(Object.values(StreamStatus)).toEqual(['upcoming', 'live', 'vod'])
  })

  it('puts the api key in the query only on GET and DELETE', () => {
    expect(apiKeyInQuery('GET')).toBe(true)
    expect(apiKeyInQuery('DELETE')).toBe(true)
    expect(apiKeyInQuery('POST')).toBe(false)
    expect(apiKeyInQuery('PATCH')).toBe(false)
  })

  it('knows the exempt calls of spec §7', () => {
    for (const p of [
      'settings',
      '/menu',
      'pages',
      'pages/12',
      'faq',
      'color-settings/web',
      'slides/web',
      'channel-bootstrap-data',
      'packages/3',
      'participants',
      'delete-account-confirm',
    ]) {
      expect(isApiKeyExempt(p), p).toBe(true)
    }
    for (const p of ['profile', 'events', 'orders', 'favorites', 'pagesx', 'clips/user']) {
      expect(isApiKeyExempt(p), p).toBe(false)
    }
  })

  it('validates the bootstrap document and rejects a bad colour', () => {
    const settings = SettingsSchema.parse({
      name: 'C',
      channel_key: 'c',
      logo: null,
      language: 'en',
      currency: 'USD',
      'google-analytics': { 'google-tag': null },
      'yare-analytics': { 'yare-analytics-key': null, 'yare-analytics-url': null },
      prerolls: [],
      static_blocks: [],
      routes: [],
      domain_category: { alias: null, fallback_url: null },
      contact: { email: null, phone: null, address: null },
      social: {},
      recaptcha: { site_key: null },
      clips: { max_duration_sec: 120, min_duration_sec: 1 },
    })
    const doc = {
      'color-settings': { 'body-background': '#fff' },
      faq: [],
      menu: [],
      pages: [],
      settings,
      slides: [],
      static_blocks: [],
      packages: [],
      subscriptions: [],
    }
    expect(BootstrapSchema.parse(doc).settings.name).toBe('C')
    // Spec §7: the passes on sale are part of the document.
    expect(BootstrapSchema.safeParse({ ...doc, packages: undefined }).success).toBe(false)
    expect(BootstrapSchema.safeParse({ ...doc, 'color-settings': { x: 'red; background:url(x)' } }).success).toBe(false)
  })
})
