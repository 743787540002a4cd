import { messages, type Profile, type ProfileUpdate, ProfileUpdateSchema } from '@fieldhouse/contract'
import type { z } from 'zod'

/**
 * The profile form's rules: the contract's `ProfileUpdateSchema` (the new password is optional, spec §5),
 * plus what the server will insist on: changing the password takes the current one (the temporary one,
 * for a user who has it), and a user with a temporary password must choose a new one (spec §2: they
 * cannot leave the page until they do).
 */
export function profileFormSchema({ temporaryPassword }: { temporaryPassword: boolean }) {
  return ProfileUpdateSchema.superRefine((value, context) => {
    if (temporaryPassword && !value.password) {
      context.addIssue({ code: 'custom', path: ['password'], message: messages.fieldRequired })
    }
    if (value.password && !value.current_password) {
      context.addIssue({ code: 'custom', path: ['current_password'], message: messages.fieldRequired })
    }
  })
}

export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>

/** The form's starting values: the profile's, with empty password fields. */
export const profileFormDefaults = (profile: Profile) => ({
  _method: 'patch' as const,
  first_name: profile.first_name,
  last_name: profile.last_name,
  news: profile.news,
  current_password: '',
  password: '',
  password_confirmation: '',
})

/**
 * A name the profile does not have may stay empty (an operator may create an account with a first name
 * only): it is left out rather than refused. A name the profile has may not be emptied.
 */
export function withoutUnsetNames<T extends { first_name?: unknown; last_name?: unknown }>(
  values: T,
  profile: Pick<Profile, 'first_name' | 'last_name'>,
): T {
  const unset = (value: unknown, stored: string) =>
    stored.trim() === '' && (value === undefined || (typeof value === 'string' && value.trim() === ''))
  return {
    ...values,
    first_name: unset(values.first_name, profile.first_name) ? undefined : values.first_name,
    last_name: unset(values.last_name, profile.last_name) ? undefined : values.last_name,
  }
}

/** What `POST /api/profile` gets: the details, and the password fields only when a new password is chosen. */
export function profileUpdateBody(values: ProfileFormOutput): ProfileUpdate {
  const body: ProfileUpdate = { _method: 'patch', news: values.news }
  if (values.first_name !== undefined) body.first_name = values.first_name
  if (values.last_name !== undefined) body.last_name = values.last_name
  if (values.password) {
    body.password = values.password
    body.password_confirmation = values.password_confirmation
    if (values.current_password) body.current_password = values.current_password
  }
  return body
}
