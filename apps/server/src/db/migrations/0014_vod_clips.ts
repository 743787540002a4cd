import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect.js'

/**
 * Clips of library videos (issue 15, decision 27): a clip is of an event (`event_id`) or of a VOD item
 * (`vod_item_id`, the API's `vod_media_item_id`), exactly one of them; `asset_id` stays the recording
 * it is cut from. Deleting the VOD item deletes its clips, as deleting an event does.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('clips')
      .addColumn('vod_item_id', 'integer', (c) => c.references('vod_items.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex('clips_vod_item').on('clips').columns(['vod_item_id', 'status']).execute()
  }
}
