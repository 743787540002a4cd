import type { ListMeta, MomentsQuery, SharedClip } from '@fieldhouse/contract'
import { messages } from '@fieldhouse/contract'
import type { ChannelRow } from '../../db/schema.js'
import { clipSettingsOf } from '../../lib/channel-settings.js'
import { forbidden, notFound, unauthorized } from '../../lib/errors.js'
import { imagePreloadTag } from '../../lib/html-head.js'
import type { Session } from '../../lib/session.js'
import { type ClipTokenScope, verifyClipToken } from './clip-token.js'
import { type ClipLookups, type ClipViews, eventDenial, freeOrSignUp, vodDenial } from './clip-views.js'
import { clipKey, clipPosterUrl, clipRef, parseClipRef, shareMetaTags } from './clips.presenter.js'
import type { ClipWithEvent } from './clips.repository.js'

/** `og:video` is fetched by link previews long after the page: a day. */
const PREVIEW_TOKEN_TTL_MS = 24 * 3600_000

/**
 * Clips beyond their owner (decision 16): the share link's clip and page preview, the channel's feed of
 * moments, and the clip files signed links and public posters open.
 */
export class ClipSharingService {
  constructor(
    private readonly d: ClipLookups & {
      views: ClipViews
      secret: Buffer
    },
  ) {}

  /** Whether anyone with the link may play the clip, or only those who may watch its event or library video. */
  private async mayPlayShared(session: Session, clip: ClipWithEvent) {
    if (clipSettingsOf(session.channel).sharePublic) return true
    if (clip.vod_item_id !== null) {
      const item = await this.d.vod.item(session.channel, clip.vod_item_id).catch(() => null)
      if (!item) return false
      if (freeOrSignUp(item.type)) return true
      return (await vodDenial(this.d.access, session, item)) === null
    }
    if (clip.event_id === null) return true
    const event = await this.d.catalog.event(session, clip.event_id).catch(() => null)
    if (!event) return false
    if (freeOrSignUp(event.type)) return true
    return (await eventDenial(this.d.access, session, event)) === null
  }

  /** `GET /shared-clip/{id}?uuid=`: the clip by its id and the uuid of its link. */
  async shared(session: Session, id: number, uuid: string | undefined): Promise<SharedClip> {
    const clip = uuid ? await this.d.repo.findOnChannel(session.channel.id, id) : undefined
    if (!clip || clip.uuid !== uuid) throw notFound('clip')
    if (!(await this.mayPlayShared(session, clip))) {
      throw session.userId === null ? unauthorized(messages.mustSignInToWatch) : forbidden(messages.noAccessToWatch)
    }
    return this.d.views.presentShared(session.channel, clip)
  }

  /** `GET /clips/moments`: the channel's ready clips, newest first, by game, sport and team. */
  async moments(session: Session, q: MomentsQuery): Promise<{ data: SharedClip[]; meta: ListMeta }> {
    const categoryIds = q.event_category_id
      ? await this.d.catalog.withChildren(session.channel, q.event_category_id)
      : undefined
    const { rows, total } = await this.d.repo.ready(
      session.channel.id,
      {
        ...(q.event_id ? { eventIds: q.event_id } : {}),
        ...(categoryIds ? { categoryIds } : {}),
        ...(q.participant_id ? { participantIds: q.participant_id } : {}),
        // Clips of paid games are in the public feed only when the channel shares them publicly.
        ...(clipSettingsOf(session.channel).sharePublic ? {} : { accessModes: ['free', 'register'] }),
      },
      q,
    )
    return {
      data: rows.map((r) => this.d.views.presentShared(session.channel, r)),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  /**
   * The store key of a clip file a signed path asks for, or null: the token must be ours, for this
   * clip and scope, and the clip ready. `download.mp4` (download scope) is the MP4 as an attachment.
   */
  async signedFile(token: string, ref: string, file: string): Promise<string | null> {
    const named = parseClipRef(ref)
    if (!named) return null
    const scope: ClipTokenScope = file === 'download.mp4' ? 'download' : 'play'
    if (!verifyClipToken(this.d.secret, token, clipRef(named), this.d.views.now(), scope)) return null
    const allowed = scope === 'download' || file === 'clip.mp4' || file === 'poster.jpg' || /^hls\/[^/]+$/.test(file)
    if (!allowed) return null
    const clip = await this.d.repo.find(named.id)
    if (clip?.uuid !== named.uuid || clip.status !== 'ready') return null
    return clipKey(clip, scope === 'download' ? 'clip.mp4' : file)
  }

  /**
   * The store key of a ready clip's poster, by id and uuid (the share link's), or null; only of a
   * public clip (a private one's poster is signed, as its video).
   */
  async posterFile(clipId: number, uuid: string): Promise<string | null> {
    const clip = await this.d.repo.findWithChannel(clipId)
    if (!clip || clip.uuid !== uuid || clip.status !== 'ready') return null
    return this.d.views.isPublic({ settings: clip.channel_settings }, clip) ? clipKey(clip, 'poster.jpg') : null
  }

  /**
   * The share page's Open Graph and Twitter card tags (`/share/{id}/{uuid}`), and the preload of the
   * poster its player shows (the public one, the very address the page's clip carries), for a ready clip
   * of the channel that plays for anyone with the link; else null (the page is the app's as usual).
   */
  async shareHead(channel: ChannelRow, origin: string, id: number, uuid: string): Promise<string | null> {
    const clip = await this.d.repo.findOnChannel(channel.id, id)
    if (!clip || clip.uuid !== uuid || clip.status !== 'ready') return null
    // A clip of a paid game the channel keeps private plays only for those who may watch it: no preview.
    if (!this.d.views.isPublic(channel, clip)) return null
    const shared = this.d.views.presentShared(channel, clip, PREVIEW_TOKEN_TTL_MS)
    const of = clip.event_name ?? clip.vod_title
    const where = of ? ` · ${of}` : ''
    const tags = shareMetaTags({
      title: `${clip.name}${where}`,
      description: `A clip on ${channel.name}`,
      pageUrl: `${origin}/share/${clip.id}/${clip.uuid}`,
      imageUrl: origin + clipPosterUrl(clip),
      videoUrl: origin + (shared.mp4 as string),
    })
    return shared.poster ? `${imagePreloadTag(shared.poster)}\n${tags}` : tags
  }
}
