import { AdminDomainSchema } from '@fieldhouse/contract'
import { adminQueriesRoot, useAdminRead, useAdminWrite } from './admin-api'

const domainsKey = [...adminQueriesRoot, 'domains'] as const
const DomainListSchema = AdminDomainSchema.array()

/** `GET /api/admin/domains`: the channel's domains, each verified or pending (decision 0041). */
export const useDomains = () => useAdminRead(domainsKey, 'admin/domains', (data) => DomainListSchema.parse(data))

/** `POST /api/admin/domains` (owners): a new, pending domain with the TXT record that proves it. */
export const useAddDomain = () =>
  useAdminWrite(
    async (api, host: string) => AdminDomainSchema.parse((await api.post('admin/domains', { host })).data),
    domainsKey,
  )

/** `POST /api/admin/domains/{id}/verify` (owners): the server looks the TXT record up. */
export const useVerifyDomain = () =>
  useAdminWrite(
    async (api, id: number) => AdminDomainSchema.parse((await api.post(`admin/domains/${id}/verify`)).data),
    domainsKey,
    'settled',
  )

/** `DELETE /api/admin/domains/{id}` (owners). */
export const useRemoveDomain = () =>
  useAdminWrite(async (api, id: number) => {
    await api.delete(`admin/domains/${id}`)
  }, adminQueriesRoot)
