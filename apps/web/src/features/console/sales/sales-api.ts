import {
  AdminBundleSchema,
  AdminCouponSchema,
  AdminCustomerDetailSchema,
  AdminCustomerSchema,
  AdminOrderDetailSchema,
  AdminPassSchema,
  AdminRefundSchema,
  CustomerMailSentSchema,
  EventRefundPreviewSchema,
  EventRefundReportSchema,
  PackageSchema,
  RevenueSchema,
} from '@fieldhouse/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApiClient, useApiKeys } from '../../../lib/api/api-context'
import { adminQueriesRoot, useAdminRead, useAdminWrite } from '../api/admin-api'

/**
 * The console's sales answers, each parsed with the contract's schema (what the server promises is
 * what the page reads). Keys sit under the resource's, so a save of the resource reads them again.
 */

const salesSchemas = { passes: AdminPassSchema, bundles: AdminBundleSchema, coupons: AdminCouponSchema } as const
export type SalesResource = keyof typeof salesSchemas
export type SalesItemOf<R extends SalesResource> = z.infer<(typeof salesSchemas)[R]>

const parsedKey = (resource: string, ...rest: unknown[]) => [...adminQueriesRoot, resource, 'parsed', ...rest] as const

/** `GET /api/admin/{passes|bundles|coupons}/{id}` (nothing for a new one). */
export function useSalesItem<R extends SalesResource>(resource: R, id: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: parsedKey(resource, id),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      salesSchemas[resource].parse((await api.get(`admin/${resource}/${id}`, { signal })).data) as SalesItemOf<R>,
  })
}

/** Creates (`POST`) or updates (`PATCH …/{id}`) a pass, bundle or coupon; the answer is the saved item. */
export const useSalesSave = <R extends SalesResource>(resource: R) =>
  useAdminWrite(
    async (api, { id, values }: { id: string | null; values: Record<string, unknown> }) => {
      const path = id === null ? `admin/${resource}` : `admin/${resource}/${id}`
      const answer = await api.request(id === null ? 'POST' : 'PATCH', path, { body: values })
      return salesSchemas[resource].parse(answer.data) as SalesItemOf<R>
    },
    [...adminQueriesRoot, resource],
  )

const PassChoicesSchema = PackageSchema.pick({ id: true, name: true }).array()

/** The channel's passes on sale (packages and subscriptions), for the orders' pass filter and grants. */
export function usePassChoices() {
  const api = useApiClient()
  return useQuery({
    queryKey: parsedKey('orders', 'pass-choices'),
    queryFn: async ({ signal }) => {
      const [packages, subscriptions] = await Promise.all([
        api.get('packages', { signal }),
        api.get('subscriptions', { signal }),
      ])
      return [...PassChoicesSchema.parse(packages.data ?? []), ...PassChoicesSchema.parse(subscriptions.data ?? [])]
    },
    staleTime: 60_000,
  })
}

/**
 * `GET /api/admin/orders/export`: the CSV of what the orders list shows (the same filters, every row),
 * saved as `orders.csv`; false when the server refused it.
 */
export function useOrdersExport() {
  const keys = useApiKeys()
  return async (filters: Record<string, string>) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v))
    const res = await fetch(`/api/admin/orders/export?${query}`, {
      headers: { authorization: `Bearer ${keys.getApiKey() ?? ''}` },
    })
    if (!res.ok) return false
    const url = URL.createObjectURL(await res.blob())
    const a = document.createElement('a')
    a.href = url
    a.download = 'orders.csv'
    a.click()
    URL.revokeObjectURL(url)
    return true
  }
}

/** `GET /api/admin/orders/{id}`: the order's whole story. */
export const useOrder = (id: string) =>
  useAdminRead(parsedKey('orders', id), `admin/orders/${id}`, (data) => AdminOrderDetailSchema.parse(data))

/** A POST of the console's sales whose answer the contract names; the sales lists are read again after. */
const useSalesPost = <S extends z.ZodType>(path: string, schema: S, invalidate: readonly unknown[]) =>
  useAdminWrite(
    async (api, body: Record<string, unknown>): Promise<z.infer<S>> => schema.parse((await api.post(path, body)).data),
    invalidate,
    'settled',
  )

const ordersKey = [...adminQueriesRoot, 'orders'] as const

/** `POST /api/admin/orders`: a complimentary pass, an order of nothing open at once. */
export const useGrantComplimentary = () => useSalesPost('admin/orders', AdminOrderDetailSchema, ordersKey)

/** `POST /api/admin/orders/{id}/refunds`: a refund, pending while the provider is asked. */
export const useRefund = (orderId: number) =>
  useSalesPost(`admin/orders/${orderId}/refunds`, AdminRefundSchema, ordersKey)

/** `POST /api/admin/orders/{id}/cancel` or `…/revoke`: the order as it is after. */
export const useOrderChange = (orderId: number, path: 'cancel' | 'revoke') =>
  useSalesPost(`admin/orders/${orderId}/${path}`, AdminOrderDetailSchema, ordersKey)

/** `GET /api/admin/customers/{id}`: a viewer with their passes and latest orders. */
export const useCustomer = (id: string) =>
  useAdminRead(parsedKey('customers', id), `admin/customers/${id}`, (data) => AdminCustomerDetailSchema.parse(data))

export type CustomerAction = 'verification' | 'password-reset' | 'block' | 'unblock'

/** A POST on the viewer: a mail sent (its address) or a block changed (the viewer as they are after). */
export const useCustomerAction = (id: number) =>
  useAdminWrite(
    async (api, action: CustomerAction) => {
      const data = (await api.post(`admin/customers/${id}/${action}`, {})).data
      return action === 'block' || action === 'unblock'
        ? AdminCustomerSchema.parse(data)
        : CustomerMailSentSchema.parse(data)
    },
    [...adminQueriesRoot, 'customers'],
    'settled',
  )

/** `GET /api/admin/revenue` for the chosen days (the last 30 when none are). */
export function useRevenue(from: string, to: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: parsedKey('revenue', from, to),
    queryFn: async ({ signal }) =>
      RevenueSchema.parse(
        (await api.get('admin/revenue', { query: { ...(from ? { from } : {}), ...(to ? { to } : {}) }, signal })).data,
      ),
    placeholderData: keepPreviousData,
  })
}

/** `GET /api/admin/events/{id}/refunds`: what refunding every buyer of the event would do. */
export function useEventRefundPreview(eventId: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: parsedKey('refunds', 'event', eventId),
    enabled: eventId !== '',
    queryFn: async ({ signal }) =>
      EventRefundPreviewSchema.parse((await api.get(`admin/events/${eventId}/refunds`, { signal })).data),
  })
}

/** `POST /api/admin/events/{id}/refunds`: every buyer refunded, with the report; every console answer is read again. */
export const useEventRefund = (eventId: string) =>
  useSalesPost(`admin/events/${eventId}/refunds`, EventRefundReportSchema, adminQueriesRoot)
