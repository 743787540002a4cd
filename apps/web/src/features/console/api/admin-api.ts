import type { ListMeta } from '@fieldhouse/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'
import { parseMeta, parseRecord, parseRows, parseSaved, type Row } from './answers'

export type { Row }

/** Every console query sits under this key: signing out or switching operator drops them all. */
export const adminQueriesRoot = ['admin'] as const

export interface ListParams {
  search: string
  sort: string | null
  direction: 'asc' | 'desc'
  offset: number
  limit: number
  /** Further query fields of the list (a resource's filters); empty ones are left out. */
  filters?: Record<string, string>
}

export interface ListAnswer {
  data: Row[]
  meta: ListMeta
}

const clean = (params: ListParams) => {
  const query: Record<string, string | number> = { offset: params.offset, limit: params.limit }
  if (params.search.trim()) query.search = params.search.trim()
  if (params.sort) {
    query.sort = params.sort
    query.direction = params.direction
  }
  for (const [key, value] of Object.entries(params.filters ?? {})) if (value) query[key] = value
  return query
}

/** `GET /api/{path}`, its answer's data read by `parse` (the contract's schema). */
export function useAdminRead<T>(
  queryKey: readonly unknown[],
  path: string,
  parse: (data: unknown) => T,
  options: { refetchInterval?: number } = {},
) {
  const api = useApiClient()
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<T> => parse((await api.get(path, { signal })).data),
    ...options,
  })
}

/**
 * A console write; once it has succeeded (or, `settled`, however it ended, when even a refusal may
 * have changed what is stored) the queries under `changes` are asked again.
 */
export function useAdminWrite<V, R>(
  write: (api: ApiClient, variables: V) => Promise<R>,
  changes: readonly unknown[],
  after: 'success' | 'settled' = 'success',
) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: changes })
  return useMutation({
    mutationFn: (variables: V) => write(api, variables),
    ...(after === 'success' ? { onSuccess: refresh } : { onSettled: refresh }),
  })
}

/** `GET /api/admin/{resource}`: one page of a list, searched and sorted by the server. */
export function useAdminList(resource: string, params: ListParams) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, resource, 'list', params] as const,
    queryFn: async ({ signal }): Promise<ListAnswer> => {
      const answer = await api.get(`admin/${resource}`, { query: clean(params), signal })
      const data = parseRows(resource, answer.data ?? [])
      return { data, meta: parseMeta(answer.meta, { total: data.length, offset: params.offset, limit: params.limit }) }
    },
    placeholderData: keepPreviousData,
  })
}

/** Every row of a resource (for the choices of a form: the sports of a team, the teams of a game). */
export function useAdminOptions(resource: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, resource, 'options'] as const,
    enabled: resource !== null,
    queryFn: async ({ signal }): Promise<Row[]> =>
      parseRows(
        resource ?? '',
        (await api.get(`admin/${resource}`, { query: { offset: 0, limit: 100 }, signal })).data ?? [],
      ),
    staleTime: 30_000,
  })
}

/** Rows as the choices of a select: each by its id, named by its name (or title). */
export const rowChoices = (rows: readonly Row[] | undefined) =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: String(row.name ?? row.title ?? row.id) }))

/** `GET /api/admin/{resource}/{id}`, or a singleton's `GET /api/admin/{resource}` when `id` is null. */
export function useAdminItem(resource: string, id: string | null, enabled = true) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, resource, 'item', id] as const,
    enabled,
    queryFn: async ({ signal }) =>
      parseRecord(
        resource,
        id,
        (await api.get(id === null ? `admin/${resource}` : `admin/${resource}/${id}`, { signal })).data,
      ),
  })
}

/**
 * Creates (`POST /api/admin/{resource}`), updates (`PATCH …/{id}`) or, for a singleton (`id` null and
 * `create` false), updates the one record (`PATCH /api/admin/{resource}`).
 */
export const useAdminSave = (resource: string) =>
  useAdminWrite(
    async (api, { id, values }: { id: string | null; values: Record<string, unknown>; create?: boolean }) => {
      const path = id === null ? `admin/${resource}` : `admin/${resource}/${id}`
      const method = id === null ? 'POST' : 'PATCH'
      return parseSaved(resource, id, (await api.request(method, path, { body: values })).data)
    },
    [...adminQueriesRoot, resource],
  )

/** `PATCH /api/admin/{resource}` of a singleton (channel, settings, color-settings). */
export const useAdminSingletonSave = (resource: string) =>
  useAdminWrite(
    async (api, values: Record<string, unknown>) => {
      const answer = await api.request('PATCH', `admin/${resource}`, {
        body: values,
        // The colours are a map of names: the key must not travel as one of them.
        keyInHeader: resource === 'color-settings',
      })
      return parseRecord(resource, null, answer.data)
    },
    [...adminQueriesRoot, resource],
  )

/** `DELETE /api/admin/{resource}/{id}` */
export const useAdminDelete = (resource: string) =>
  useAdminWrite(
    async (api, id: string | number) => {
      // 204: no body.
      await api.delete(`admin/${resource}/${id}`)
    },
    [...adminQueriesRoot, resource],
  )
