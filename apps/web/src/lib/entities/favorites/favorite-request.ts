import { FavoriteCreateSchema, favoriteTypeMessage, messages } from '@fieldhouse/contract'
import type { z } from 'zod'

/** A favourite the browser refuses before asking the server (spec §5), with the spec's words. */
export class FavoriteRefused extends Error {
  override name = 'FavoriteRefused'
}

/**
 * The body of `POST /api/favorite`, checked in the browser as spec §5 asks: a signed-in user ("user
 * must be logged in"), and a favourite type of participant, group or category ("favoritable_type must
 * be equal to one of the allowed values: …"), by the contract's schema the server uses too.
 */
export function favoriteRequest(
  target: { id: unknown; type: unknown },
  signedIn: boolean,
): z.output<typeof FavoriteCreateSchema> {
  if (!signedIn) throw new FavoriteRefused(messages.loginRequired)
  const parsed = FavoriteCreateSchema.safeParse({ favoritable_id: target.id, favoritable_type: target.type })
  if (!parsed.success) throw new FavoriteRefused(parsed.error.issues[0]?.message ?? favoriteTypeMessage)
  return parsed.data
}
