import type { ListMeta, VodMedia, VodQuerySchema } from '@fieldhouse/contract'
import type { z } from 'zod'
import type { ChannelRow, VodItemRow } from '../../db/schema.js'
import { notFound } from '../../lib/errors.js'
import { parseJson } from './catalog.presenter.js'
import type { CatalogRepository } from './catalog.repository.js'

type VodQuery = z.output<typeof VodQuerySchema>

export const presentVod = (r: Omit<VodItemRow, 'channel_id'>): VodMedia => ({
  id: r.id,
  title: r.title,
  description: r.description,
  date: new Date(r.date).toISOString(),
  duration: r.duration,
  vod_media_category_id: r.category_id,
  type: r.access_mode,
  assets: parseJson<VodMedia['assets']>(r.assets, []),
})

/** The VOD library (spec §7 "VOD"): items, categories, search and rails. */
export class VodService {
  constructor(private readonly repo: CatalogRepository) {}

  async list(channel: ChannelRow, q: VodQuery): Promise<{ data: VodMedia[]; meta: ListMeta }> {
    const f = { ...(q.category_id ? { categoryIds: q.category_id } : {}), ...(q.title ? { title: q.title } : {}) }
    const [total, rows] = await Promise.all([
      this.repo.countVod(channel.id, f),
      this.repo.listVod(channel.id, f, {
        sortField: q.sort_field,
        sortDirection: q.sort_direction,
        offset: q.offset,
        limit: q.limit,
      }),
    ])
    return { data: rows.map(presentVod), meta: { total, offset: q.offset, limit: q.limit } }
  }

  async item(channel: ChannelRow, id: number) {
    const row = await this.repo.findVod(channel.id, id)
    if (!row) throw notFound('vod media')
    return presentVod(row)
  }

  categories(channel: ChannelRow) {
    return this.repo.vodCategories(channel.id)
  }

  async rails(channel: ChannelRow) {
    const rails = new Map<number, { id: number; title: string; vod_media_items: VodMedia[] }>()
    for (const r of await this.repo.vodRails(channel.id)) {
      const rail = rails.get(r.rail_id) ?? { id: r.rail_id, title: r.rail_title, vod_media_items: [] }
      if (
        r.id !== null &&
        r.title !== null &&
        r.date !== null &&
        r.duration !== null &&
        r.assets !== null &&
        r.access_mode !== null
      ) {
        rail.vod_media_items.push(
          presentVod({
            id: r.id,
            title: r.title,
            description: r.description,
            date: r.date,
            duration: r.duration,
            category_id: r.category_id,
            assets: r.assets,
            access_mode: r.access_mode,
          }),
        )
      }
      rails.set(r.rail_id, rail)
    }
    return [...rails.values()]
  }
}
