import { z } from 'zod'

/**
 * What the API's inputs share: an empty value (`?search=`, a blank field) counts as not given, a list
 * parameter comes as `a,b,c` or repeated, and a listing pages by `offset` and `limit`. Not part of the
 * contract's exports: the schemas built from them are.
 */

/** An empty query value counts as not given. */
export const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
/** An empty or null value counts as not given (what a form or a beacon sends for a blank field). */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** A list parameter (`a,b,c`, or the parameter repeated) checked by `list`; empty counts as not given. */
export const listParam = <T extends z.ZodTypeAny>(list: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), list)

/** A listing's `offset` (from 0) and `limit` (1 to 100, `defaultLimit` when not given). */
export const pageParams = (defaultLimit: number) => ({
  offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0, 'Must be 0 or more').default(0)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, 'Must be 1 or more').max(100, 'Must be 100 or less').default(defaultLimit),
  ),
})

/** `direction` of a listing that shows the newest first unless asked otherwise. */
export const newestFirst = z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('desc'))
