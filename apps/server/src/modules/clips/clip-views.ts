import type { Event, SharedClip, VodMedia } from '@fieldhouse/contract'
import type { ChannelRow } from '../../db/schema.js'
import { clipSettingsOf } from '../../lib/channel-settings.js'
import type { Session } from '../../lib/session.js'
import type { AccessService } from '../access/access.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { VodService } from '../catalog/vod.service.js'
import { type ClipTokenScope, signClipToken } from './clip-token.js'
import { clipPosterUrl, clipRef, presentClip } from './clips.presenter.js'
import type { ClipsRepository, ClipWithEvent } from './clips.repository.js'

/** What the viewer's and the sharing clip services look clips, games and library videos up in, and who may watch them. */
export interface ClipLookups {
  repo: ClipsRepository
  catalog: CatalogService
  vod: VodService
  access: AccessService
}

/** How long a signed link of a listed or shared clip plays. */
export const SHARE_TOKEN_TTL_MS = 6 * 3600_000

export const freeOrSignUp = (mode: string | null) => mode === 'free' || mode === 'register'

/**
 * A clip of a free or sign-up game or library video (or of neither): public whatever the channel's
 * `share_public`.
 */
const openToAll = (clip: ClipWithEvent) =>
  clip.event_id !== null
    ? freeOrSignUp(clip.event_access_mode)
    : clip.vod_item_id === null || freeOrSignUp(clip.vod_access_mode)

/** Why the viewer may not watch the event (entitlements decide), or null. */
export const eventDenial = (access: AccessService, session: Session, event: Event) =>
  access.denial(session, {
    hasAccess: event.has_access,
    isGeoBlocked: event.is_geo_blocked,
    mode: event.type,
    capability: 'watch',
  })

/** Why the viewer may not watch the library video (the library's rules: its mode, or `vod_media`), or null. */
export const vodDenial = (access: AccessService, session: Session, item: VodMedia) =>
  access.denial(session, access.vodWatchability(session, item.type))

/**
 * A clip as whoever is shown it sees it: public or not (the channel's `share_public`, its game's mode),
 * its poster, and the signed links of its video. Shared by the viewer's, the share page's and the
 * console's clip services.
 */
export class ClipViews {
  constructor(
    private readonly d: {
      secret: Buffer
      clock: () => number
    },
  ) {}

  now() {
    return this.d.clock()
  }

  /** Whether the clip plays for anyone with its link: the channel shares clips publicly, or its game is open to all. */
  isPublic(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    return clipSettingsOf(channel).sharePublic || openToAll(clip)
  }

  /** A signed token of the clip for `scope`, running out `ttlMs` from now. */
  signed(clip: { id: number; uuid: string }, scope: ClipTokenScope, ttlMs: number) {
    const expiresAt = this.now() + ttlMs
    return { token: signClipToken(this.d.secret, clipRef(clip), expiresAt, scope), expiresAt }
  }

  /**
   * Where a ready clip's poster is for whoever is shown the clip: the public poster of a public clip,
   * else a signed one (the public address serves only public clips' posters).
   */
  posterOf(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    if (clip.status !== 'ready') return null
    if (this.isPublic(channel, clip)) return clipPosterUrl(clip)
    return `/media/c/${this.signed(clip, 'play', SHARE_TOKEN_TTL_MS).token}/${clipRef(clip)}/poster.jpg`
  }

  present(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    return presentClip(clip, this.posterOf(channel, clip))
  }

  /** A clip with its signed HLS and MP4 links (null while it is not ready) and its channel's name. */
  presentShared(channel: ChannelRow, clip: ClipWithEvent, ttlMs = SHARE_TOKEN_TTL_MS): SharedClip {
    const ready = clip.status === 'ready'
    const base = ready ? `/media/c/${this.signed(clip, 'play', ttlMs).token}/${clipRef(clip)}/` : null
    return {
      ...this.present(channel, clip),
      hls: base ? `${base}hls/index.m3u8` : null,
      mp4: base ? `${base}clip.mp4` : null,
      channel_name: channel.name,
    }
  }
}
