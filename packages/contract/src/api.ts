import { z } from 'zod'

/** Design §4: every success is `{ data }`; lists may add `meta`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
})
export type ListMeta = z.infer<typeof ListMetaSchema>

/** Design §4: every failure is `{ message, errors? }`, errors keyed by field. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Numeric ids arrive as path or query strings. */
export const Id = z.coerce.number().int().positive()

export const HealthSchema = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof HealthSchema>
