import { type AnalyticsBatchRecord, analyticsPaths } from '@fieldhouse/contract'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { GeoService } from '../geo/geo.service.js'
import type { AnalyticsIngestService } from './analytics.service.js'

/**
 * Spec §7's analytics calls, on the analytics service's own port. Each GET is one record; the batch
 * carries many (sendBeacon). Every answer comes after the commit, and is never cached: a GET a
 * browser or proxy answered from its cache would be a record lost.
 */
export const datalakeRoutes: FastifyPluginAsync<{ ingest: AnalyticsIngestService; geo: GeoService }> = async (
  app,
  { ingest, geo },
) => {
  const origin = (req: FastifyRequest) => ({ country: geo.locate(req).country_code })
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(analyticsPaths.hash, async () => ({ data: ingest.hash() }))

  const single: [string, AnalyticsBatchRecord['kind']][] = [
    [analyticsPaths.session, 'session'],
    [analyticsPaths.event, 'event'],
    [analyticsPaths.videoEvent, 'video_event'],
    [analyticsPaths.videoViewing, 'video_viewing'],
  ]
  for (const [path, kind] of single) {
    app.get(path, async (req) => {
      const { profile, ...fields } = req.query as Record<string, unknown>
      return { data: { accepted: await ingest.record(profile, kind, fields, origin(req)) } }
    })
  }
  app.post(analyticsPaths.batch, async (req) => ({ data: { accepted: await ingest.batch(req.body, origin(req)) } }))
  app.post(analyticsPaths.error, async (req) => ({
    data: { accepted: await ingest.reportError(req.body, origin(req)) },
  }))
}
