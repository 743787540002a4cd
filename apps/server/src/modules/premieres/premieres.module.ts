import { EventsQuerySchema } from '@fieldhouse/contract'
import type { MediaStore } from '../../lib/media-store/index.js'
import type { AuditSink } from '../../lib/operator.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { MediaService } from '../media/media.service.js'
import { PremieresRepository } from './premieres.repository.js'
import { premieresRoutes } from './premieres.routes.js'
import { PremieresService } from './premieres.service.js'

/** Premieres (decision 30) over the media module's recordings; the collaborators are the container's, made on first use. */
function createPremieres(d: {
  db: ConstructorParameters<typeof PremieresRepository>[0]
  media: () => MediaService
  store: () => MediaStore
  audit: AuditSink
  changed: (channelId: number) => Promise<void>
  catalog: () => CatalogService
  /** Brings the `premieres.settle` job forward (a premiere placed starts or ends before its next run). */
  settleBy: (at: number) => Promise<void>
  /** A showing began: the event is live, watchable from its start (the go-live alerts). */
  wentLive?: (event: { eventId: number; channelId: number }) => Promise<unknown>
  clock: () => number
}) {
  return new PremieresService({
    repo: new PremieresRepository(d.db),
    recordings: {
      readyRecording: async (channelId, owner) => {
        const asset = await d.media().readyAsset(channelId, owner)
        const master = asset ? (await d.media().recording(asset.id))?.master : null
        return asset && master ? { id: asset.id, master } : undefined
      },
    },
    store: d.store(),
    audit: d.audit,
    changed: d.changed,
    // The events as the catalogue presents them to this viewer (its passes, its country).
    events: async (session, ids) =>
      (await d.catalog().listEvents(session, EventsQuerySchema.parse({ no_limit: 1 }), undefined, ids)).data,
    settleBy: d.settleBy,
    ...(d.wentLive ? { wentLive: d.wentLive } : {}),
    clock: d.clock,
  })
}

export type Premieres = PremieresService

/**
 * What the container and the app take of the premieres module: `build` (the container's `premieres`) and
 * `routes` (`/api/premieres`, `/media/l/`, the console's `/api/admin/premieres`). Its job is in premieres.jobs.ts.
 */
export const premieresModule = { build: createPremieres, routes: premieresRoutes }
