import {
  AdminChannelSchema,
  AdminClipSchema,
  AdminColorSettingsSchema,
  AdminItemSchemas,
  AdminOperatorSchema,
  AdminPassesFormSchema,
  AdminSettingsSchema,
  AuditEntrySchema,
  ListMetaSchema,
  OperatorInvitationSchema,
  PendingInvitationSchema,
} from '@fieldhouse/contract'
import { z } from 'zod'

/**
 * What the server answers for each admin resource, as the contract writes it: the console reads every
 * answer through one of these, never through a cast (`api.get<T>`). A resource without its own schema
 * here is read as rows with an id, its other fields kept; a page that reads a resource's fields should
 * register the resource's schema here (the sales pages add theirs the same way).
 */
export const rowSchemas: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  ...AdminItemSchemas,
  operators: AdminOperatorSchema,
  'operator-invitations': PendingInvitationSchema,
  'audit-log': AuditEntrySchema,
  clips: AdminClipSchema,
}

/** A create whose answer is not the resource's row: inviting an operator answers the invitation. */
const createdSchemas: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  operators: OperatorInvitationSchema,
}

/** The singletons' answers (`GET`/`PATCH /api/admin/{resource}`). */
export const singletonSchemas: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  channel: AdminChannelSchema,
  settings: AdminSettingsSchema,
  'color-settings': AdminColorSettingsSchema,
  'custom-forms/passes': AdminPassesFormSchema,
}

export type Row = Record<string, unknown> & { id: number | string }

/** A row of a resource with no schema of its own: an id, every other field as it came. */
const AnyRowSchema = z.looseObject({ id: z.union([z.number(), z.string()]) })

const rowSchemaOf = (resource: string) => rowSchemas[resource] ?? AnyRowSchema

/** One row of `resource`'s answer, checked by its schema. */
export const parseRow = (resource: string, data: unknown): Row => rowSchemaOf(resource).parse(data) as Row

/** A list answer's rows. */
export const parseRows = (resource: string, data: unknown): Row[] => z.array(rowSchemaOf(resource)).parse(data) as Row[]

/** A `POST`'s (`id` null) or `PATCH`'s answer. */
export const parseSaved = (resource: string, id: string | null, data: unknown): Record<string, unknown> =>
  (id === null ? (createdSchemas[resource] ?? rowSchemaOf(resource)) : rowSchemaOf(resource)).parse(data)

/** A singleton's record, or a row when the resource is a collection. */
export const parseRecord = (resource: string, id: string | null, data: unknown): Record<string, unknown> =>
  id === null && resource in singletonSchemas
    ? (singletonSchemas[resource] as z.ZodType<Record<string, unknown>>).parse(data)
    : parseRow(resource, data)

/** A list's paging, or one page holding everything when the server sent none. */
export const parseMeta = (meta: unknown, fallback: z.infer<typeof ListMetaSchema>) =>
  meta === undefined ? fallback : ListMetaSchema.parse(meta)
