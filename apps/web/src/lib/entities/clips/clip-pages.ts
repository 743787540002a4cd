import { type Clip, ClipSchema } from '@fieldhouse/contract'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import type { QueryObject } from '../../api/query-string'
import { OptionalMetaSchema } from './clips-schemas'
import { nextMomentsOffset } from './moments-feed'

/** One page of a clip list (`clips/moments`, `clips/event/{id}`), parsed with the contract's schema. */
export interface ClipPage {
  clips: Clip[]
  offset: number
  total: number | null
}

/** Asks `path` for the page of `pageSize` clips starting at `offset`. */
export async function fetchClipPage(
  api: ApiClient,
  path: string,
  {
    query = {},
    offset,
    pageSize,
    signal,
  }: { query?: QueryObject; offset: number; pageSize: number; signal: AbortSignal },
): Promise<ClipPage> {
  const answer = await api.get(path, { query: { ...query, offset, limit: pageSize }, signal })
  const meta = OptionalMetaSchema.parse(answer.meta)
  return { clips: z.array(ClipSchema).parse(answer.data), offset, total: meta?.total ?? null }
}

/** The next page's offset, or undefined after the last. */
export const nextClipPage = (last: ClipPage, pageSize: number) =>
  nextMomentsOffset({ offset: last.offset, count: last.clips.length, total: last.total }, pageSize)
