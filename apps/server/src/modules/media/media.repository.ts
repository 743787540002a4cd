import type { Kysely } from 'kysely'
import type {
  ChannelRow,
  Database,
  MediaAssetRow,
  MediaAssetStatus,
  MediaOwnerType,
  MediaRow,
} from '../../db/schema.js'

export interface Owner {
  type: MediaOwnerType
  id: number
}

/** What the media gate checks a file request against. */
export interface AssetContext {
  asset: MediaAssetRow
  channel: ChannelRow
  /** The owning event's geo rules (JSON), or undefined for VOD items and pre-rolls. */
  geoRules: string | undefined
}

/**
 * The only code that queries `media_assets` and `media`; it also reads what an asset's checks and
 * encodes need of its owner (the channel, an event's geo rules) and records a VOD item's length.
 */
export class MediaRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  async createAsset(channelId: number, owner: Owner, source: 'upload' | 'live' | 'demo', status: MediaAssetStatus) {
    const now = this.clock()
    const row = await this.db
      .insertInto('media_assets')
      .values({
        channel_id: channelId,
        owner_type: owner.type,
        owner_id: owner.id,
        source,
        status,
        progress: 0,
        duration: null,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return row
  }

  findAsset(id: number) {
    return this.db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async updateAsset(
    id: number,
    values: Partial<Pick<MediaAssetRow, 'status' | 'progress' | 'duration' | 'error'>>,
  ): Promise<void> {
    await this.db
      .updateTable('media_assets')
      .set({ ...values, updated_at: this.clock() })
      .where('id', '=', id)
      .execute()
  }

  /** Records (or moves) the file of one media type of an asset. */
  async setMedia(asset: MediaAssetRow, typeId: number, path: string) {
    const now = this.clock()
    await this.db
      .insertInto('media')
      .values({
        channel_id: asset.channel_id,
        asset_id: asset.id,
        owner_type: asset.owner_type,
        owner_id: asset.owner_id,
        type_id: typeId,
        path,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['asset_id', 'type_id']).doUpdateSet({ path }))
      .execute()
  }

  /** Moves a media type from one id to another (a live recording becomes the replay). */
  async retypeMedia(assetId: number, fromType: number, toType: number) {
    await this.db
      .updateTable('media')
      .set({ type_id: toType })
      .where('asset_id', '=', assetId)
      .where('type_id', '=', fromType)
      .execute()
  }

  /** Every asset of an owner, newest first, with its media rows. */
  async assetsOf(channelId: number, owner: Owner): Promise<(MediaAssetRow & { media: MediaRow[] })[]> {
    const assets = await this.db
      .selectFrom('media_assets')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('owner_type', '=', owner.type)
      .where('owner_id', '=', owner.id)
      .orderBy('id', 'desc')
      .execute()
    if (assets.length === 0) return []
    const media = await this.db
      .selectFrom('media')
      .selectAll()
      .where(
        'asset_id',
        'in',
        assets.map((a) => a.id),
      )
      .execute()
    return assets.map((a) => ({ ...a, media: media.filter((m) => m.asset_id === a.id) }))
  }

  /** The public media (poster, preview) of many owners at once, for lists. */
  publicMediaOf(channelId: number, ownerType: MediaOwnerType, ownerIds: number[], typeIds: number[]) {
    if (ownerIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('media')
      .innerJoin('media_assets', 'media_assets.id', 'media.asset_id')
      .select(['media.owner_id', 'media.asset_id', 'media.type_id', 'media.path'])
      .where('media.channel_id', '=', channelId)
      .where('media.owner_type', '=', ownerType)
      .where('media.owner_id', 'in', ownerIds)
      .where('media.type_id', 'in', typeIds)
      .where('media_assets.status', 'in', ['ready', 'live'])
      .orderBy('media.asset_id', 'desc')
      .execute()
  }

  /** Whether `path` is a public file (poster, preview) of the asset. */
  async isPublicFile(assetId: number, path: string, publicTypes: number[]) {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('asset_id', '=', assetId)
      .where('path', '=', path)
      .where('type_id', 'in', publicTypes)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The asset with its channel and, for an event's asset, the event's geo rules; null when either is gone. */
  async assetContext(assetId: number): Promise<AssetContext | null> {
    const asset = await this.findAsset(assetId)
    if (!asset) return null
    const channel = await this.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', asset.channel_id)
      .executeTakeFirst()
    const event =
      asset.owner_type === 'event'
        ? await this.db.selectFrom('events').select('geo_rules').where('id', '=', asset.owner_id).executeTakeFirst()
        : undefined
    return channel ? { asset, channel, geoRules: event?.geo_rules } : null
  }

  /** An asset and its media rows (its files are the caller's to remove from the store). */
  async deleteAsset(id: number) {
    await this.db.deleteFrom('media').where('asset_id', '=', id).execute()
    await this.db.deleteFrom('media_assets').where('id', '=', id).execute()
  }

  /** A VOD item lasts as long as its encoded video. */
  async setVodDuration(vodId: number, duration: number) {
    await this.db.updateTable('vod_items').set({ duration }).where('id', '=', vodId).execute()
  }

  /** A pre-roll plays its encoded video from now on (the public MP4 of its newest asset). */
  async setPrerollUrl(prerollId: number, url: string) {
    await this.db.updateTable('prerolls').set({ url }).where('id', '=', prerollId).execute()
  }

  /** A pre-roll whose video was `url` (a deleted asset's) has none now: it plays nowhere until it gets one. */
  async clearPrerollUrl(prerollId: number, url: string) {
    await this.db.updateTable('prerolls').set({ url: '' }).where('id', '=', prerollId).where('url', '=', url).execute()
  }

  /** Whether the asset is a pre-roll's finished video (its MP4 is public). */
  async isReadyPreroll(assetId: number) {
    const row = await this.db
      .selectFrom('media_assets')
      .select('id')
      .where('id', '=', assetId)
      .where('owner_type', '=', 'preroll')
      .where('status', '=', 'ready')
      .executeTakeFirst()
    return row !== undefined
  }

  /** Assets left `live` or `processing` by a process that stopped (repaired at start). */
  unfinishedAssets(status: MediaAssetStatus) {
    return this.db.selectFrom('media_assets').selectAll().where('status', '=', status).execute()
  }
}
