import type { Kysely } from 'kysely'
import type { Database, UploadRow, UploadTable } from '../../db/schema.js'

/** The only code that queries `uploads` (console uploads, decision 20). */
export class UploadsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(values: Omit<UploadTable, 'status' | 'asset_id' | 'error' | 'created_at' | 'updated_at'>) {
    const now = this.clock()
    await this.db
      .insertInto('uploads')
      .values({ ...values, status: 'uploading', asset_id: null, error: null, created_at: now, updated_at: now })
      .execute()
  }

  find(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The bytes are in: they are being encoded into this asset of this owner. */
  async markProcessing(id: string, targetId: number, assetId: number) {
    await this.db
      .updateTable('uploads')
      .set({ status: 'processing', target_id: targetId, asset_id: assetId, updated_at: this.clock() })
      .where('id', '=', id)
      .execute()
  }

  async markFailed(id: string, error: string) {
    await this.db
      .updateTable('uploads')
      .set({ status: 'failed', error: error.slice(0, 500), updated_at: this.clock() })
      .where('id', '=', id)
      .execute()
  }

  async remove(id: string) {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute()
  }

  /** An asset was deleted: the uploads that made it go with it. */
  async removeForAsset(assetId: number) {
    await this.db.deleteFrom('uploads').where('asset_id', '=', assetId).execute()
  }

  /** The recent uploads of an owner (and, for a new VOD item, none yet: those have no target id). */
  listForTarget(channelId: number, target: 'event' | 'vod' | 'preroll', targetId: number) {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('target', '=', target)
      .where('target_id', '=', targetId)
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute()
  }

  /** Uploads still receiving bytes that were last touched before `before` (abandoned). */
  staleUploading(before: number) {
    return this.db
      .selectFrom('uploads')
      .select(['id'])
      .where('status', '=', 'uploading')
      .where('updated_at', '<', before)
      .execute()
  }

  /** Every upload still receiving bytes, of every channel: their sizes count against the room left. */
  openUploads() {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'channel_id', 'size'])
      .where('status', '=', 'uploading')
      .execute()
  }

  async touch(id: string) {
    await this.db.updateTable('uploads').set({ updated_at: this.clock() }).where('id', '=', id).execute()
  }
}
