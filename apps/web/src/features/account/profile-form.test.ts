import { messages, type Profile } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { profileFormDefaults, profileFormSchema, profileUpdateBody, withoutUnsetNames } from './profile-form'

const profile: Profile = {
  id: 7,
  email: 'fan@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  news: true,
  temporary_password: false,
  email_verified: true,
  capabilities: [],
  trial_period_used: false,
  social: [],
}

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message])

describe('profileFormSchema', () => {
  const schema = profileFormSchema({ temporaryPassword: false })

  it('accepts the details alone: the new password is optional', () => {
    const result = schema.safeParse(profileFormDefaults(profile))
    expect(result.success).toBe(true)
    expect(result.data?.password).toBeUndefined()
  })

  it('speaks the spec’s words', () => {
    const result = schema.safeParse({ ...profileFormDefaults(profile), first_name: ' ', last_name: '' })
    expect(issues(result)).toEqual([
      ['first_name', messages.enterFirstName],
      ['last_name', messages.enterLastName],
    ])
  })

  it('checks the new password and its confirmation', () => {
    const short = schema.safeParse({ ...profileFormDefaults(profile), current_password: 'old', password: 'short' })
    expect(issues(short)).toContainEqual(['password', messages.passwordTooShort])
    const mismatch = schema.safeParse({
      ...profileFormDefaults(profile),
      current_password: 'old password',
      password: 'a new password',
      password_confirmation: 'another one',
    })
    expect(issues(mismatch)).toEqual([['password_confirmation', messages.passwordMismatch]])
  })

  it('asks for the current password to change it', () => {
    const result = schema.safeParse({
      ...profileFormDefaults(profile),
      password: 'a new password',
      password_confirmation: 'a new password',
    })
    expect(issues(result)).toEqual([['current_password', messages.fieldRequired]])
  })

  it('requires a new password from a user with a temporary one', () => {
    const temporary = profileFormSchema({ temporaryPassword: true })
    expect(issues(temporary.safeParse(profileFormDefaults(profile)))).toEqual([['password', messages.fieldRequired]])
    const change = {
      ...profileFormDefaults(profile),
      password: 'a new password',
      password_confirmation: 'a new password',
    }
    expect(issues(temporary.safeParse(change))).toEqual([['current_password', messages.fieldRequired]])
    expect(temporary.safeParse({ ...change, current_password: 'temporary1' }).success).toBe(true)
  })
})

describe('profileUpdateBody', () => {
  const schema = profileFormSchema({ temporaryPassword: false })

  it('sends the details only when the password stays', () => {
    const values = schema.parse({ ...profileFormDefaults(profile), first_name: '  Grace ', current_password: 'typed' })
    expect(profileUpdateBody(values)).toEqual({
      _method: 'patch',
      first_name: 'Grace',
      last_name: 'Lovelace',
      news: true,
    })
  })

  it('sends the password fields with a new password', () => {
    const values = schema.parse({
      ...profileFormDefaults(profile),
      news: false,
      current_password: 'old password',
      password: 'a new password',
      password_confirmation: 'a new password',
    })
    expect(profileUpdateBody(values)).toEqual({
      _method: 'patch',
      first_name: 'Ada',
      last_name: 'Lovelace',
      news: false,
      current_password: 'old password',
      password: 'a new password',
      password_confirmation: 'a new password',
    })
  })
})

describe('withoutUnsetNames', () => {
  const firstNameOnly = { ...profile, last_name: '' }
  const schema = profileFormSchema({ temporaryPassword: false })

  it('lets a name the profile does not have stay empty, and leaves it out', () => {
    const values = schema.parse(withoutUnsetNames(profileFormDefaults(firstNameOnly), firstNameOnly))
    expect(profileUpdateBody(values)).toEqual({ _method: 'patch', first_name: 'Ada', news: true })
  })

  it('still refuses emptying a name the profile has', () => {
    const result = schema.safeParse(withoutUnsetNames({ ...profileFormDefaults(profile), first_name: '' }, profile))
    expect(issues(result)).toEqual([['first_name', messages.enterFirstName]])
  })

  it('keeps a name typed into an empty one', () => {
    const values = withoutUnsetNames({ ...profileFormDefaults(firstNameOnly), last_name: 'Byron' }, firstNameOnly)
    expect(values.last_name).toBe('Byron')
  })
})
