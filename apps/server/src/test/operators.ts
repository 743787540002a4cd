import type { AdminCollection, OperatorRole } from '@fieldhouse/contract'
import type { MailMessage } from '../lib/mailer.js'
import { OperatorsRepository } from '../modules/admin/operators.repository.js'
import type { Operator } from '../modules/admin/operators.service.js'
import type { TestContext } from './context.js'
import { buildUser } from './factories.js'

/** Operators for API tests: a user with a role on a channel, and that user's api key. */
export async function buildOperator(ctx: TestContext, channelKey: string, role: OperatorRole, email?: string) {
  const user = await buildUser(ctx, { channelKey, ...(email ? { email } : {}), password: 'correct horse 42' })
  await new OperatorsRepository(ctx.db.kysely, ctx.db.dialect).setRole(user.channel_id, user.id, role, Date.now())
  const key = await ctx.app.services.keys.issue(user.channel_id, user.id)
  const operator: Operator = { channelId: user.channel_id, userId: user.id, email: user.email, role, apiKeyId: null }
  return { user, key, operator }
}

/** Mail kept in memory: what the product would have sent. */
export function memoryMailer() {
  const sent: MailMessage[] = []
  return { sent, send: async (m: MailMessage) => void sent.push(m) }
}

let n = 0
/** A valid create body per collection (unique values where the channel wants them unique). */
export function sampleInput(resource: AdminCollection): Record<string, unknown> {
  n += 1
  switch (resource) {
    case 'menu':
      return { name: 'Tickets', url: '/tickets', placement: 'header' }
    case 'slides':
      return { slidable_type: 'main', title: 'Welcome' }
    case 'pages':
      return { url: `about-${n}`, name: 'About' }
    case 'faq':
      return { question: 'Can I watch on TV?', answer: 'Yes, cast from the player.' }
    case 'static-blocks':
      return { alias: `block-${n}`, title: 'Notice', content: 'Doors open at six.' }
    case 'prerolls':
      return { url: 'https://cdn.example.org/ad.mp4', weight: 2 }
    case 'events':
      return {
        name: 'Tigers at Lions',
        access_mode: 'free',
        event_utc_ts: '2026-12-01T18:00:00Z',
        time_zone: 'America/Chicago',
      }
    case 'participants':
      return { name: 'Tigers', short_name: 'TIG', alias: `tigers-${n}` }
    case 'participant-groups':
      return { name: 'Central High', short_name: 'CHS', alias: `central-${n}` }
    case 'events-categories':
      return { name: 'Soccer', alias: `soccer-${n}` }
    case 'events-locations':
      return { name: 'Dome', city: 'Austin', state: 'TX', time_zone: 'America/Chicago' }
    case 'vod-media-items':
      return { title: 'Season highlights', date: '2026-11-01' }
    case 'vod-categories':
      return { name: 'Highlights', alias: `highlights-${n}` }
    case 'vod-rails':
      return { title: 'Top plays' }
  }
}

/** A valid update body per collection: one field changed. */
export function sampleUpdate(resource: AdminCollection): Record<string, unknown> {
  const field: Record<AdminCollection, Record<string, unknown>> = {
    menu: { name: 'Shop' },
    slides: { title: 'Hello' },
    pages: { name: 'About us' },
    faq: { answer: 'Yes.' },
    'static-blocks': { title: 'Update' },
    prerolls: { weight: 5 },
    events: { name: 'Lions at Tigers' },
    participants: { name: 'Lions' },
    'participant-groups': { name: 'North High' },
    'events-categories': { name: 'Football' },
    'events-locations': { city: 'Dallas' },
    'vod-media-items': { title: 'Best plays' },
    'vod-categories': { name: 'Replays' },
    'vod-rails': { title: 'New this week' },
  }
  return field[resource]
}

/** A real 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
