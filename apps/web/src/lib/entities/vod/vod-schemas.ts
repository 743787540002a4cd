import { ListMetaSchema, VodMediaSchema } from '@fieldhouse/contract'
import { z } from 'zod'

/** `GET /api/vod-media-items` and `GET /api/vod-media/search`: a page of videos. */
export const VodPageSchema = z.object({ data: z.array(VodMediaSchema), meta: ListMetaSchema })
export type VodPage = z.infer<typeof VodPageSchema>

export function nextVodOffset(page: VodPage): number | undefined {
  const next = page.meta.offset + page.data.length
  return page.data.length > 0 && next < page.meta.total ? next : undefined
}
