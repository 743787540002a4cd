import path from 'node:path'
import { type MediaInfo, MediaTypeId, messages, type Playback, type PlaybackDenial } from '@fieldhouse/contract'
import type { MediaAssetRow, MediaOwnerType, MediaRow } from '../../db/schema.js'
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import type { AccessService, Watchability } from '../access/access.service.js'
import type { MediaRepository, Owner } from './media.repository.js'
import { signToken, type TokenScope } from './playback-token.js'

/** Where an asset's files live: `{mediaDir}/assets/{id}`. */
export const assetDir = (mediaDir: string, assetId: number) => path.join(mediaDir, 'assets', String(assetId))

/** Media types anyone may fetch without a token (the poster and the short preview). */
export const PUBLIC_MEDIA_TYPES: number[] = [MediaTypeId.image, MediaTypeId.preview]

export type { Watchability } from '../access/access.service.js'

type AssetWithMedia = MediaAssetRow & { media: MediaRow[] }

/**
 * Video for viewers: which asset of an event or VOD item plays, whether this viewer may play it,
 * and the signed URLs (design §5). Signing is per session and asset; the media routes check the
 * session again on every file, so signing out stops playback within seconds.
 */
export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly access: AccessService,
    private readonly opts: {
      mediaDir: string
      secret: Buffer
      tokenTtlMs: number
      clock?: () => number
    },
  ) {}

  private now() {
    return (this.opts.clock ?? Date.now)()
  }

  /** Why the viewer may not watch, or null when they may (entitlements decide). */
  denial(session: Session, w: Watchability): Promise<PlaybackDenial | null> {
    return this.access.denial(session, w)
  }

  /**
   * The asset that plays: a live one first, then the newest ready one; else the newest being made
   * (for its progress), else the newest failed one (for its reason).
   */
  private pick(assets: AssetWithMedia[]) {
    return (
      assets.find((a) => a.status === 'live') ??
      assets.find((a) => a.status === 'ready') ??
      assets.find((a) => a.status === 'processing') ??
      assets.find((a) => a.status === 'failed')
    )
  }

  /** The video part of an event's or VOD item's detail, for this viewer. */
  async info(session: Session, owner: Owner, w: Watchability): Promise<MediaInfo> {
    const assets = await this.repo.assetsOf(session.channel.id, owner)
    const asset = this.pick(assets)
    const denial = await this.denial(session, w)
    const file = (a: AssetWithMedia | undefined, type: number) => a?.media.find((m) => m.type_id === type)
    // Images come from the newest asset that has them (a live stream has none until it is over).
    const withImages = assets.find((a) => file(a, MediaTypeId.image) && (a.status === 'ready' || a.status === 'live'))
    const publicUrl = (type: number) => {
      const m = file(withImages, type)
      return m ? `/media/o/${m.asset_id}/${m.path}` : null
    }
    const playable = asset && this.playableFile(asset)
    return {
      media_status: asset ? (asset.status === 'ready' && !playable ? 'processing' : asset.status) : 'none',
      media_progress: asset?.status === 'processing' ? asset.progress : null,
      poster: publicUrl(MediaTypeId.image),
      preview: publicUrl(MediaTypeId.preview),
      duration: asset?.duration ?? null,
      playback: asset && playable && denial === null ? this.sign(session, asset, playable) : null,
      denial,
    }
  }

  /** `GET /api/events/{id}/playback` and the VOD item's: fresh signed URLs, or why not. */
  async playback(session: Session, owner: Owner, w: Watchability): Promise<Playback> {
    const denial = await this.denial(session, w)
    if (denial === 'geo_blocked') throw forbidden(messages.geoBlocked)
    if (denial === 'sign_in') throw unauthorized(messages.mustSignInToWatch)
    if (denial === 'no_access') throw forbidden(messages.noAccessToWatch)
    const asset = this.pick(await this.repo.assetsOf(session.channel.id, owner))
    const playable = asset && this.playableFile(asset)
    if (!asset || !playable) throw new AppError(404, messages.noVideoYet)
    return this.sign(session, asset, playable)
  }

  private playableFile(asset: AssetWithMedia) {
    if (asset.status !== 'ready' && asset.status !== 'live') return undefined
    return (
      asset.media.find((m) => m.type_id === MediaTypeId.live) ?? asset.media.find((m) => m.type_id === MediaTypeId.vod)
    )
  }

  /** A token for the session, asset and scope, valid for the configured lifetime. */
  tokenFor(session: Session, assetId: number, scope: TokenScope = 'play') {
    if (session.apiKeyId === null) throw unauthorized(messages.noChannelOrApiKey)
    const expiresAt = this.now() + this.opts.tokenTtlMs
    return {
      token: signToken(this.opts.secret, { sessionId: session.apiKeyId, assetId, expiresAt, scope }),
      expiresAt,
    }
  }

  private sign(session: Session, asset: AssetWithMedia, master: MediaRow): Playback {
    const { token, expiresAt } = this.tokenFor(session, asset.id)
    const base = `/media/p/${token}/${asset.id}/`
    const vtt = asset.media.find((m) => m.type_id === MediaTypeId.thumbnails)
    return {
      hls: base + master.path,
      live: asset.status === 'live',
      thumbnails: vtt ? base + vtt.path : null,
      expires_at: new Date(expiresAt).toISOString(),
      renew_in_ms: Math.floor(this.opts.tokenTtlMs * 0.8),
    }
  }

  /**
   * The operator's preview (the console checks the role): the asset viewers get, signed for this
   * session whatever its passes; null when nothing plays yet.
   */
  async preview(session: Session, owner: Owner) {
    const asset = this.pick(await this.repo.assetsOf(session.channel.id, owner))
    const playable = asset && this.playableFile(asset)
    if (!asset || !playable || session.apiKeyId === null) return null
    const { hls, live, expires_at } = this.sign(session, asset, playable)
    return { hls, live, expires_at }
  }

  /** An owner's newest ready recording (for downloads and clips). */
  async readyAsset(channelId: number, owner: Owner) {
    const assets = await this.repo.assetsOf(channelId, owner)
    return assets.find((a) => a.status === 'ready' && this.playableFile(a))
  }

  /** Poster paths of many owners at once, for cards in lists. */
  async postersOf(channelId: number, ownerType: MediaOwnerType, ownerIds: number[]) {
    const rows = await this.repo.publicMediaOf(channelId, ownerType, ownerIds, [MediaTypeId.image])
    const posters = new Map<number, string>()
    for (const r of rows) if (!posters.has(r.owner_id)) posters.set(r.owner_id, `/media/o/${r.asset_id}/${r.path}`)
    return posters
  }

  /** An owner's recordings with their master playlist (for clips), newest first. */
  async recordingsOf(channelId: number, owner: Owner) {
    return (await this.repo.assetsOf(channelId, owner)).map((a) => this.recordingOf(a))
  }

  /** One recording with its master playlist, by id. */
  async recording(assetId: number) {
    const asset = await this.repo.findAsset(assetId)
    if (!asset) return undefined
    const [withMedia] = (
      await this.repo.assetsOf(asset.channel_id, { type: asset.owner_type, id: asset.owner_id })
    ).filter((a) => a.id === assetId)
    return withMedia ? this.recordingOf(withMedia) : undefined
  }

  private recordingOf(a: AssetWithMedia) {
    const master =
      a.media.find((m) => m.type_id === MediaTypeId.live) ?? a.media.find((m) => m.type_id === MediaTypeId.vod)
    return { id: a.id, channelId: a.channel_id, status: a.status, master: master?.path ?? null }
  }

  /** Throws 404 unless the asset exists on the session's channel. */
  async assetOnChannel(channelId: number, assetId: number) {
    const asset = await this.repo.findAsset(assetId)
    if (!asset || asset.channel_id !== channelId) throw notFound('media')
    return asset
  }
}
