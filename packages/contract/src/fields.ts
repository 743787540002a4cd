import { z } from 'zod'

/**
 * Field sets and field rules that several schemas share, each the same thing wherever it stands (a set
 * is spread into the schema's `z.object`, in its place). Not part of the contract's exports: the
 * schemas built from them are.
 */

/** An account as the answers about it name it: its id, email and name. */
export const accountFields = {
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
}

/** When and where an event is played, in which sport, and where its stream stands. */
export const eventScheduleFields = {
  /** ISO 8601, UTC. */
  event_utc_ts: z.string(),
  time_zone: z.string(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  stream_status: z.enum(['upcoming', 'live', 'vod']),
}

/** A colour as the channel's settings give it: `#rgb` or `#rrggbb`. */
export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'A colour is a hex value such as #0b1d3a')

/** A field without its default, optional: an update sets only what it names. */
export const bare = (t: z.ZodTypeAny) => (t instanceof z.ZodDefault ? (t.unwrap() as z.ZodTypeAny) : t).optional()
