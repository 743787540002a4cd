import {
  dataOf,
  EventCategorySchema,
  EventLocationSchema,
  EventSchema,
  EventsForHomepageSchema,
  EventsQuerySchema,
  FavoriteCreateSchema,
  FavoriteSchema,
  Id,
  ListMetaSchema,
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
  ParticipantSchema,
  VodCategorySchema,
  VodMediaSchema,
  VodQuerySchema,
  VodRailSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ResponseCache } from '../../lib/response-cache.js'
import type { CatalogService } from './catalog.service.js'
import type { FavoritesService } from './favorites.service.js'
import type { VodService } from './vod.service.js'

const tags = ['catalogue']
const ParticipantsQuery = z.object({
  no_limit: z.coerce.number().int().min(0).max(1).optional(),
  group: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.coerce.number().int().positive()).max(50).optional(),
  ),
})

/**
 * Spec §7 "Events" and "Participants" (an event's and a VOD item's detail, which carry signed video
 * URLs for the viewer, are the media module's). Anonymous answers come from the response cache; the schemas
 * still document them (and validate the input) although the cached bytes skip serialisation.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService
  vod: VodService
  favorites: FavoritesService
  cache: ResponseCache
}> = async (app, { catalog, vod, favorites, cache }) => {
  app.get(
    '/api/events',
    {
      schema: {
        tags,
        querystring: EventsQuerySchema,
        response: { 200: z.object({ data: z.array(EventSchema), meta: ListMetaSchema }) },
      },
    },
    (req, reply) => cache.send(req, reply, () => catalog.listEvents(req.session, req.query)),
  )

  app.get(
    '/api/events-for-homepage',
    { schema: { tags, response: { 200: dataOf(EventsForHomepageSchema) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await catalog.forHomepage(req.session) })),
  )

  app.get(
    '/api/events-categories',
    { schema: { tags, response: { 200: dataOf(z.array(EventCategorySchema)) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await catalog.categories(req.session.channel) }), 60),
  )

  app.get(
    '/api/events-locations',
    { schema: { tags, response: { 200: dataOf(z.array(EventLocationSchema)) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await catalog.locations(req.session.channel) }), 60),
  )

  app.get(
    '/api/participants',
    { schema: { tags, querystring: ParticipantsQuery, response: { 200: dataOf(z.array(ParticipantSchema)) } } },
    (req, reply) =>
      cache.send(
        req,
        reply,
        async () => ({ data: await catalog.participants(req.session.channel, { groupIds: req.query.group }) }),
        60,
      ),
  )

  app.get(
    '/api/participant-groups',
    { schema: { tags, response: { 200: dataOf(z.array(ParticipantGroupSchema)) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await catalog.groups(req.session.channel) }), 60),
  )

  app.get(
    '/api/participant-group-properties',
    {
      schema: { tags, response: { 200: dataOf(z.array(ParticipantGroupPropertySchema)) } },
    },
    (req, reply) =>
      cache.send(req, reply, async () => ({ data: await catalog.groupProperties(req.session.channel) }), 60),
  )

  const EventList = z.object({ data: z.array(EventSchema), meta: ListMetaSchema })
  app.get(
    '/api/events/favorite',
    { schema: { tags, querystring: EventsQuerySchema, response: { 200: EventList } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache')
      return catalog.listFollowed(req.session, req.query, await favorites.followed(req.session))
    },
  )

  app.get('/api/favorites', { schema: { tags, response: { 200: dataOf(z.array(FavoriteSchema)) } } }, async (req) => ({
    data: await favorites.list(req.session),
  }))

  app.post(
    '/api/favorite',
    { schema: { tags, body: FavoriteCreateSchema, response: { 200: dataOf(FavoriteSchema) } } },
    async (req) => ({ data: await favorites.add(req.session, req.body.favoritable_type, req.body.favoritable_id) }),
  )

  app.delete(
    '/api/favorite/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        response: { 200: dataOf(z.object({ status: z.literal('deleted') })) },
      },
    },
    async (req) => ({ data: await favorites.remove(req.session, req.params.id) }),
  )

  const VodList = z.object({ data: z.array(VodMediaSchema), meta: ListMetaSchema })
  app.get(
    '/api/vod-media-items',
    { schema: { tags, querystring: VodQuerySchema, response: { 200: VodList } } },
    (req, reply) => cache.send(req, reply, () => vod.list(req.session.channel, req.query), 60),
  )

  app.get(
    '/api/vod-media-categories',
    { schema: { tags, response: { 200: dataOf(z.array(VodCategorySchema)) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await vod.categories(req.session.channel) }), 60),
  )

  // Spec §7: search pages by 10 from 0, newest first unless asked otherwise.
  app.get(
    '/api/vod-media/search',
    { schema: { tags, querystring: VodQuerySchema, response: { 200: VodList } } },
    (req, reply) => cache.send(req, reply, () => vod.list(req.session.channel, req.query), 60),
  )

  app.get(
    '/api/vod-media-rails',
    { schema: { tags, response: { 200: dataOf(z.array(VodRailSchema)) } } },
    (req, reply) => cache.send(req, reply, async () => ({ data: await vod.rails(req.session.channel) }), 60),
  )
}
