import { describe, expect, it } from 'vitest'
import {
  type AdminAction,
  AdminActions,
  AdminClipsQuerySchema,
  AdminListQuerySchema,
  AdminPassesFormUpdateSchema,
  type AdminResource,
  AdminResourceSchema,
  AdminResources,
  adminUpdateSchemaOf,
  can,
  OperatorRoles,
  outranks,
  permissionsOf,
} from './admin.js'

const allResources = AdminResourceSchema.options
const writes: AdminAction[] = ['create', 'update', 'delete']

/** The table as the issue words it, written out by hand: role → resource → actions allowed. */
const expected: Record<'manager' | 'producer' | 'support' | 'scorer', Partial<Record<AdminResource, AdminAction[]>>> = {
  manager: {
    channel: ['read', 'create', 'update', 'delete'],
    settings: ['read', 'create', 'update', 'delete'],
    'color-settings': ['read', 'create', 'update', 'delete'],
    menu: ['read', 'create', 'update', 'delete'],
    slides: ['read', 'create', 'update', 'delete'],
    pages: ['read', 'create', 'update', 'delete'],
    faq: ['read', 'create', 'update', 'delete'],
    'static-blocks': ['read', 'create', 'update', 'delete'],
    prerolls: ['read', 'create', 'update', 'delete'],
    events: ['read', 'create', 'update', 'delete'],
    participants: ['read', 'create', 'update', 'delete'],
    'participant-groups': ['read', 'create', 'update', 'delete'],
    'events-categories': ['read', 'create', 'update', 'delete'],
    'events-locations': ['read', 'create', 'update', 'delete'],
    'vod-media-items': ['read', 'create', 'update', 'delete'],
    'vod-categories': ['read', 'create', 'update', 'delete'],
    'vod-rails': ['read', 'create', 'update', 'delete'],
    passes: ['read', 'create', 'update', 'delete'],
    bundles: ['read', 'create', 'update', 'delete'],
    prices: ['read', 'create', 'update', 'delete'],
    coupons: ['read', 'create', 'update', 'delete'],
    orders: ['read', 'create', 'update'],
    refunds: ['read', 'create'],
    revenue: ['read'],
    live: ['read', 'go-live'],
    uploads: ['read', 'create', 'delete'],
    clips: ['read', 'delete', 'moderate'],
    users: ['read', 'update', 'resend'],
    'custom-forms': ['read', 'update'],
    analytics: ['read', 'update'],
    premieres: ['read', 'create', 'update', 'delete'],
    domains: ['read'],
    scores: ['read', 'create', 'update'],
    'score-feed': ['read', 'update'],
  },
  producer: {
    channel: ['read'],
    domains: ['read'],
    events: ['read', 'create', 'update', 'delete'],
    participants: ['read'],
    'participant-groups': ['read'],
    'events-categories': ['read'],
    'events-locations': ['read'],
    'vod-media-items': ['read', 'create', 'update', 'delete'],
    'vod-categories': ['read', 'create', 'update', 'delete'],
    'vod-rails': ['read', 'create', 'update', 'delete'],
    live: ['read', 'go-live'],
    uploads: ['read', 'create', 'delete'],
    clips: ['read', 'delete', 'moderate'],
    analytics: ['read'],
    scores: ['read', 'create', 'update'],
  },
  support: {
    channel: ['read'],
    domains: ['read'],
    events: ['read'],
    'vod-media-items': ['read'],
    'vod-categories': ['read'],
    'vod-rails': ['read'],
    users: ['read', 'resend'],
    orders: ['read'],
    'custom-forms': ['read'],
    scores: ['read'],
  },
  scorer: {
    scores: ['read', 'create', 'update'],
  },
}

describe('can', () => {
  it('lets an owner do everything on every resource', () => {
    for (const resource of allResources)
      for (const action of AdminActions) expect(can('owner', action, resource)).toBe(true)
  })

  for (const role of ['manager', 'producer', 'support', 'scorer'] as const) {
    it(`answers every (action, resource) pair for ${role} exactly as the table says`, () => {
      for (const resource of allResources) {
        for (const action of AdminActions) {
          const allowed = expected[role][resource]?.includes(action) ?? false
          expect([resource, action, can(role, action, resource)]).toEqual([resource, action, allowed])
        }
      }
    })
  }

  it('keeps operators, the audit log and payment settings to owners', () => {
    for (const role of ['manager', 'producer', 'support', 'scorer'] as const)
      for (const resource of ['operators', 'audit-log', 'payment-settings'] as const)
        for (const action of AdminActions) expect(can(role, action, resource)).toBe(false)
  })

  it("keeps changing the channel's domains to owners (decision 0041)", () => {
    for (const role of ['manager', 'producer', 'support'] as const)
      for (const action of AdminActions) expect(can(role, action, 'domains')).toBe(action === 'read')
  })

  it('orders the roles owner > manager > producer > support', () => {
    expect(outranks('owner', 'manager')).toBe(true)
    expect(outranks('manager', 'producer')).toBe(true)
    expect(outranks('producer', 'support')).toBe(true)
    expect(outranks('support', 'scorer')).toBe(true)
    expect(outranks('support', 'owner')).toBe(false)
    expect(outranks('manager', 'owner')).toBe(false)
    for (const role of OperatorRoles) expect(outranks(role, role)).toBe(false)
  })

  it('gives support no write anywhere', () => {
    for (const resource of allResources)
      for (const action of writes) expect(can('support', action, resource)).toBe(false)
  })

  it('lists the issue resources, the go-live and upload resources and clips by name', () => {
    expect(AdminResources).toEqual([
      'channel',
      'settings',
      'color-settings',
      'menu',
      'slides',
      'pages',
      'faq',
      'static-blocks',
      'prerolls',
      'events',
      'participants',
      'participant-groups',
      'events-categories',
      'events-locations',
      'vod-media-items',
      'operators',
      'audit-log',
      'live',
      'uploads',
      'vod-categories',
      'vod-rails',
      'clips',
      'custom-forms',
      'passes',
      'coupons',
      'bundles',
      'analytics',
      'premieres',
      'domains',
      'scores',
      'score-feed',
    ])
  })

  it('permissionsOf lists the same answers as can', () => {
    for (const role of OperatorRoles) {
      const perms = permissionsOf(role)
      for (const resource of allResources)
        for (const action of AdminActions)
          expect(perms[resource]?.includes(action) ?? false).toBe(can(role, action, resource))
    }
  })
})

describe('admin schemas', () => {
  it('reads the clips list query: newest first by default, a known status, an event id', () => {
    expect(AdminClipsQuerySchema.parse({})).toEqual({ direction: 'desc', offset: 0, limit: 25 })
    expect(AdminClipsQuerySchema.parse({ event_id: '7', status: 'ready', search: ' dunk ' })).toMatchObject({
      event_id: 7,
      status: 'ready',
      search: 'dunk',
    })
    expect(AdminClipsQuerySchema.parse({ event_id: '', status: '' })).toEqual({
      direction: 'desc',
      offset: 0,
      limit: 25,
    })
    const bad = AdminClipsQuerySchema.safeParse({ status: 'hidden' })
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Choose queued, processing, ready or failed')
  })

  it('checks the passes form fields in our words', () => {
    const bad = AdminPassesFormUpdateSchema.safeParse({
      fields: [
        { name: 'school', default: '' },
        { name: 'school', default: 'x' },
        { name: 'Grade', default: null },
        { name: 'basic_pass', default: '1' },
      ],
    })
    expect(bad.success).toBe(false)
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(messages).toEqual([
      'fields.2.name: Use lower-case letters, digits and _ only',
      'fields.3.name: basic_pass is the pass choice itself: it is always there',
      'fields.1.name: school is already a field of the form',
    ])
    const dup = AdminPassesFormUpdateSchema.safeParse({ fields: [{ name: 'school' }, { name: 'school' }] })
    expect(dup.error?.issues.map((i) => i.message)).toEqual(['school is already a field of the form'])
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, default: null }))
    expect(AdminPassesFormUpdateSchema.safeParse({ fields: many }).error?.issues[0]?.message).toBe(
      'At most 20 fields besides basic_pass',
    )
    expect(AdminPassesFormUpdateSchema.parse({ enabled: true, fields: [{ name: 'school', default: '' }] })).toEqual({
      enabled: true,
      fields: [{ name: 'school', default: null }],
    })
    expect(AdminPassesFormUpdateSchema.safeParse({}).success).toBe(false)
  })

  it('reads list queries with defaults and refuses a limit over 100', () => {
    expect(AdminListQuerySchema.parse({})).toEqual({ direction: 'asc', offset: 0, limit: 25 })
    expect(AdminListQuerySchema.safeParse({ limit: '101' }).success).toBe(false)
    expect(AdminListQuerySchema.safeParse({ sort: 'name; drop' }).success).toBe(false)
  })

  it('makes every create field optional on update, without the defaults', () => {
    const update = adminUpdateSchemaOf('faq')
    expect(update.parse({ answer: 'Yes' })).toEqual({ answer: 'Yes' })
    expect(update.safeParse({}).success).toBe(false)
    expect(update.safeParse({ question: '' }).success).toBe(false)
  })
})
