import { type AdminClip, AdminClipSorts, type AdminClipsQuery, type ListMeta } from '@fieldhouse/contract'
import { invalid, notFound } from '../../lib/errors.js'
import type { MediaStore } from '../../lib/media-store/index.js'
import { type AuditSink, mustBeAllowed, type Operator } from '../../lib/operator.js'
import type { ClipViews } from './clip-views.js'
import { presentModeratedClip } from './clips.presenter.js'
import type { ClipsRepository, ModerationQuery } from './clips.repository.js'
import { eraseClip } from './clips.service.js'

/** The console's clips moderation (decision 0024): the operator's channel only. */
export class ClipsModerationService {
  constructor(
    private readonly d: {
      repo: ClipsRepository
      store: MediaStore
      views: ClipViews
      /** Where the console's moderation writes are recorded (the audit log). */
      audit: AuditSink
    },
  ) {}

  /** `GET /api/admin/clips`: the channel's clips, searched by name or author email, filtered, paged. */
  async list(op: Operator, q: AdminClipsQuery): Promise<{ data: AdminClip[]; meta: ListMeta }> {
    mustBeAllowed(op, 'read', 'clips')
    const sort = q.sort ?? 'created_at'
    if (!(AdminClipSorts as readonly string[]).includes(sort)) {
      throw invalid({ sort: [`Sort by ${AdminClipSorts.join(', ')}`] })
    }
    const { rows, total } = await this.d.repo.moderationList(op.session.channel.id, {
      search: q.search,
      eventId: q.event_id,
      status: q.status,
      sort: sort as ModerationQuery['sort'],
      direction: q.direction,
      offset: q.offset,
      limit: q.limit,
    })
    return {
      data: rows.map((r) => presentModeratedClip(r, this.d.views.posterOf(op.session.channel, r))),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  /**
   * `DELETE /api/admin/clips/{id}`: an operator removes a viewer's clip as its owner would (the row,
   * then every file under `clips/{id}-{uuid}/`); the feed, the lists and the share link lose it.
   */
  async remove(op: Operator, id: number): Promise<void> {
    mustBeAllowed(op, 'delete', 'clips')
    const row = await this.d.repo.moderationFind(op.session.channel.id, id)
    if (!row) throw notFound('clip')
    const before = presentModeratedClip(row)
    await eraseClip(this.d, row)
    await this.d.audit(op, { action: 'delete', resource: 'clips', resourceId: row.id, before, after: null })
  }
}
