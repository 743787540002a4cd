import { CALENDAR_FEED_KINDS, CalendarLinkSchema, dataOf, Id } from '@fieldhouse/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CalendarDocument, CalendarService } from './calendar.service.js'

const tags = ['calendar']

/** An `If-None-Match` that names this document's ETag (or `*`). */
const unchanged = (req: FastifyRequest, etag: string) =>
  (req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*')

function sendCalendar(
  req: FastifyRequest,
  reply: FastifyReply,
  doc: CalendarDocument,
  visibility: 'public' | 'private',
) {
  reply
    .header('etag', doc.etag)
    // Calendar apps poll: a few minutes fresh, then a conditional GET that costs a 304.
    .header('cache-control', `${visibility}, max-age=300`)
  if (unchanged(req, doc.etag)) return reply.code(304).send()
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="schedule.ics"')
    .send(doc.text)
}

/**
 * Calendar feeds (decision 0055): `/api/calendar/{teams|schools|sports}/{id}.ics?channel_key=…`, public
 * like the schedule; `/api/calendar/follows/{token}.ics`, a viewer's follows by their private link; and
 * `/api/calendar/link`, where the signed-in viewer reads, renews or turns off that link.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  for (const kind of CALENDAR_FEED_KINDS) {
    app.get(
      `/api/calendar/${kind}/:id.ics`,
      { schema: { tags, params: z.object({ id: Id }), description: 'An iCalendar (RFC 5545) document' } },
      async (req, reply) => sendCalendar(req, reply, await calendar.feed(req.session, kind, req.params.id), 'public'),
    )
  }

  app.get(
    '/api/calendar/follows/:token.ics',
    {
      config: { session: 'none' },
      schema: {
        tags,
        params: z.object({ token: z.string().max(80) }),
        description: 'An iCalendar (RFC 5545) document',
      },
    },
    async (req, reply) => sendCalendar(req, reply, await calendar.followsFeed(req.params.token), 'private'),
  )

  const Link = { schema: { tags, response: { 200: dataOf(CalendarLinkSchema) } } }
  app.get('/api/calendar/link', Link, async (req, reply) => {
    reply.header('cache-control', 'private, no-store')
    return { data: await calendar.link(req.session) }
  })
  app.post('/api/calendar/link', Link, async (req) => ({ data: await calendar.renewLink(req.session) }))
  app.delete('/api/calendar/link', Link, async (req) => ({ data: await calendar.disableLink(req.session) }))
}
