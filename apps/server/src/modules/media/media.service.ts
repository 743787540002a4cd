import path from 'node:path'
import {
  type MediaInfo,
  MediaTypeId,
  messages,
  type Playback,
  type PlaybackDenial,
  STREAM_HEARTBEAT_MS,
  STREAM_LEASE_MS,
} from '@fieldhouse/contract'
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

/** An event's premiere as it stands now (decision 30; the premieres module answers). */
export interface PremiereShowings {
  showingOf(
    channelId: number,
    eventId: number,
  ): Promise<{ id: number; assetId: number; status: 'upcoming' | 'live' | 'ended' } | null>
}

/** How an owner plays: its assets, and the premiere under way, if any (its recording plays as live). */
interface Plan {
  assets: AssetWithMedia[]
  premiere: { id: number; asset: AssetWithMedia } | null
  /** A premiere of the event decides the assets, so they change with the clock. */
  timed: boolean
}

/** The address of an asset's file of a public type (`PUBLIC_MEDIA_TYPES`), or null when it has none. */
const publicFileUrl = (asset: AssetWithMedia | undefined, type: number) => {
  const m = asset?.media.find((file) => file.type_id === type)
  return m ? `/media/o/${m.asset_id}/${m.path}` : null
}

/** Images come from the newest asset that has them (a live stream has none until it is over). */
const assetWithImages = (assets: AssetWithMedia[]) =>
  assets.find(
    (a) => a.media.some((m) => m.type_id === MediaTypeId.image) && (a.status === 'ready' || a.status === 'live'),
  )

/**
 * The account's simultaneous streams (decision 0031; the `streams` module): opening a video starts the
 * session's stream, each token renewal is its heartbeat (a refusal throws 409), and a viewer who may no
 * longer watch frees its place.
 */
export interface PlaybackStreams {
  open(session: Session, device: string): Promise<{ leased: boolean; denial: 'too_many_streams' | null }>
  claim(session: Session, kind: 'renew', device: string): Promise<{ leased: boolean }>
  release(session: Session): Promise<void>
}

const noLimit: PlaybackStreams = {
  open: async () => ({ leased: false, denial: null }),
  claim: async () => ({ leased: false }),
  release: async () => {},
}

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
      streams?: PlaybackStreams
      /** Premieres of events (built after this service, so asked for when needed). */
      premieres?: () => PremiereShowings
    },
  ) {}

  private get streams() {
    return this.opts.streams ?? noLimit
  }

  /**
   * What an owner plays. An event with a premiere plays its recording: nothing before the start (the
   * countdown), as live during the showing, then as the replay unless the event has its own.
   */
  private async plan(channelId: number, owner: Owner): Promise<Plan> {
    const own = await this.repo.assetsOf(channelId, owner)
    const showing = owner.type === 'event' ? await this.opts.premieres?.().showingOf(channelId, owner.id) : null
    if (!showing) return { assets: own, premiere: null, timed: false }
    const [source] = (await this.repo.assetsOf(channelId, await this.ownerOf(showing.assetId))).filter(
      (a) => a.id === showing.assetId,
    )
    if (!source) return { assets: own, premiere: null, timed: true }
    if (showing.status === 'live') {
      return { assets: [source], premiere: { id: showing.id, asset: source }, timed: true }
    }
    if (showing.status === 'upcoming') return { assets: [], premiere: null, timed: true }
    return { assets: own.some((a) => a.status === 'ready') ? own : [source, ...own], premiere: null, timed: true }
  }

  private async ownerOf(assetId: number): Promise<Owner> {
    const asset = await this.repo.findAsset(assetId)
    return asset ? { type: asset.owner_type, id: asset.owner_id } : { type: 'event', id: 0 }
  }

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
  async info(session: Session, owner: Owner, w: Watchability, device = 'Browser'): Promise<MediaInfo> {
    const { assets, premiere } = await this.plan(session.channel.id, owner)
    const asset = this.pick(assets)
    const access = await this.denial(session, w)
    const withImages = assetWithImages(assets)
    const playable = asset && this.playableFile(asset)
    // Opening a video that plays starts the session's stream (or says the account has too many).
    const stream = asset && playable && access === null ? await this.streams.open(session, device) : null
    const denial = access ?? stream?.denial ?? null
    return {
      media_progress: asset?.status === 'processing' ? asset.progress : null,
      poster: publicFileUrl(withImages, MediaTypeId.image),
      preview: publicFileUrl(withImages, MediaTypeId.preview),
      duration: asset?.duration ?? null,
      media_status: premiere
        ? 'live'
        : asset
          ? asset.status === 'ready' && !playable
            ? 'processing'
            : asset.status
          : 'none',
      playback:
        asset && playable && denial === null
          ? this.sign(session, asset, playable, { leased: stream?.leased, premiereId: premiere?.id })
          : null,
      denial,
    }
  }

  /**
   * The poster `info` gives every viewer of the owner, whoever they are (a public file, served without
   * a token): for the page's preload, asked without a session. `timed`: a premiere decides it, so it
   * changes with the clock and is not to be kept.
   */
  async publicPoster(channelId: number, owner: Owner): Promise<{ url: string | null; timed: boolean }> {
    const { assets, timed } = await this.plan(channelId, owner)
    return { url: publicFileUrl(assetWithImages(assets), MediaTypeId.image), timed }
  }

  /** `GET /api/events/{id}/playback` and the VOD item's: fresh signed URLs, or why not. */
  async playback(session: Session, owner: Owner, w: Watchability, device = 'Browser'): Promise<Playback> {
    const denial = await this.denial(session, w)
    // A pass refunded or revoked, a sign-in needed: the stream ends here and frees its place. (Only
    // here: a detail the viewer may not watch, opened beside a playing tab, is no reason to end it.)
    if (denial !== null && session.userId !== null) await this.streams.release(session)
    if (denial === 'geo_blocked') throw forbidden(messages.geoBlocked)
    if (denial === 'sign_in') throw unauthorized(messages.mustSignInToWatch)
    if (denial === 'no_access') throw forbidden(messages.noAccessToWatch)
    const { assets, premiere } = await this.plan(session.channel.id, owner)
    const asset = this.pick(assets)
    const playable = asset && this.playableFile(asset)
    if (!asset || !playable) throw new AppError(404, messages.noVideoYet)
    const { leased } = await this.streams.claim(session, 'renew', device)
    return this.sign(session, asset, playable, { leased, premiereId: premiere?.id })
  }

  private playableFile(asset: AssetWithMedia) {
    if (asset.status !== 'ready' && asset.status !== 'live') return undefined
    return (
      asset.media.find((m) => m.type_id === MediaTypeId.live) ?? asset.media.find((m) => m.type_id === MediaTypeId.vod)
    )
  }

  /** A token for the session, asset and scope, valid for the configured lifetime. */
  tokenFor(session: Session, assetId: number, scope: TokenScope = 'play', ttlMs = this.opts.tokenTtlMs) {
    if (session.apiKeyId === null) throw unauthorized(messages.noChannelOrApiKey)
    const expiresAt = this.now() + ttlMs
    return {
      token: signToken(this.opts.secret, { sessionId: session.apiKeyId, assetId, expiresAt, scope }),
      expiresAt,
    }
  }

  /**
   * Signed URLs of an asset; of a premiere under way (its id given), URLs under `/media/l/` whose
   * playlists the clock cuts, played as live, without seek thumbnails (they would show what has not aired).
   * A token that carries a stream's lease lives no longer than the lease and is renewed on the
   * heartbeat: a player that stops renewing (or is told its stream stopped) loses both together.
   */
  private sign(
    session: Session,
    asset: AssetWithMedia,
    master: MediaRow,
    { leased = false, premiereId }: { leased?: boolean | undefined; premiereId?: number | undefined } = {},
  ): Playback {
    const ttlMs = leased ? Math.min(this.opts.tokenTtlMs, STREAM_LEASE_MS) : this.opts.tokenTtlMs
    const { token, expiresAt } =
      premiereId === undefined
        ? this.tokenFor(session, asset.id, 'play', ttlMs)
        : this.tokenFor(session, premiereId, 'premiere', ttlMs)
    const base = premiereId === undefined ? `/media/p/${token}/${asset.id}/` : `/media/l/${token}/${premiereId}/`
    const vtt = premiereId === undefined ? asset.media.find((m) => m.type_id === MediaTypeId.thumbnails) : undefined
    return {
      hls: base + master.path,
      live: asset.status === 'live' || premiereId !== undefined,
      thumbnails: vtt ? base + vtt.path : null,
      expires_at: new Date(expiresAt).toISOString(),
      renew_in_ms: Math.min(Math.floor(ttlMs * 0.8), leased ? STREAM_HEARTBEAT_MS : Number.POSITIVE_INFINITY),
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
