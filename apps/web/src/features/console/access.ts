import {
  type AdminAction,
  type AdminCollection,
  AdminInputSchemas,
  type AdminMe,
  type AdminResource,
  adminUpdateSchemaOf,
  can,
  type OperatorRole,
} from '@fieldhouse/contract'
import type { z } from 'zod'

export type { AdminAction, AdminMe, AdminResource, OperatorRole }

/** The console asks the same rule table as the server (`can` in the contract). */
export const allowed = (me: Pick<AdminMe, 'role'>, action: AdminAction, resource: AdminResource) =>
  can(me.role, action, resource)

/** The contract's create and update schemas of a collection resource, if it has them. */
export function inputSchemasOf(resource: string): { create: z.ZodType; update: z.ZodType } | null {
  if (!(resource in AdminInputSchemas)) return null
  const collection = resource as AdminCollection
  return { create: AdminInputSchemas[collection], update: adminUpdateSchemaOf(collection) }
}
