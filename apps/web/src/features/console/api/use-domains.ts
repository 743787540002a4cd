import { type AdminDomain, AdminDomainSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { adminQueriesRoot } from './admin-api'

const domainsKey = [...adminQueriesRoot, 'domains'] as const
const DomainListSchema = AdminDomainSchema.array()

/** `GET /api/admin/domains`: the channel's domains, each verified or pending (decision 0041). */
export function useDomains() {
  const api = useApiClient()
  return useQuery({
    queryKey: domainsKey,
    queryFn: async ({ signal }): Promise<AdminDomain[]> =>
      DomainListSchema.parse((await api.get('admin/domains', { signal })).data),
  })
}

/** `POST /api/admin/domains` (owners): a new, pending domain with the TXT record that proves it. */
export function useAddDomain() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (host: string) => AdminDomainSchema.parse((await api.post('admin/domains', { host })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: domainsKey }),
  })
}

/** `POST /api/admin/domains/{id}/verify` (owners): the server looks the TXT record up. */
export function useVerifyDomain() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => AdminDomainSchema.parse((await api.post(`admin/domains/${id}/verify`)).data),
    onSettled: () => client.invalidateQueries({ queryKey: domainsKey }),
  })
}

/** `DELETE /api/admin/domains/{id}` (owners). */
export function useRemoveDomain() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`admin/domains/${id}`)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminQueriesRoot] }),
  })
}
