import type { Profile } from '@fieldhouse/contract'
import type { UserRow } from '../../db/schema.js'

export const capabilitiesOf = (user: Pick<UserRow, 'capabilities'>): string[] => {
  try {
    const parsed = JSON.parse(user.capabilities)
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : []
  } catch {
    return []
  }
}

export const presentProfile = (user: UserRow, social: string[] = []): Profile => ({
  id: user.id,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  news: user.news === 1,
  temporary_password: user.temporary_password === 1,
  email_verified: user.email_verified_at !== null,
  capabilities: capabilitiesOf(user),
  trial_period_used: user.trial_period_used === 1,
  social,
})
