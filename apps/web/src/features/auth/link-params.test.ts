import { EmailVerifySchema, PasswordResetSchema } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { readResetLink, readSignedLink } from './link-params'

const signature = 'a'.repeat(40)

describe('readSignedLink', () => {
  it('reads a verification link the contract accepts', () => {
    const link = readSignedLink(`?email=Fan%40Example.com&expires=1999999999&signature=${signature}`)
    expect(link).toEqual({ email: 'Fan@Example.com', expires: '1999999999', signature })
    expect(EmailVerifySchema.parse(link)).toEqual({ email: 'fan@example.com', expires: 1999999999, signature })
  })

  it('leaves missing fields empty, which the contract refuses', () => {
    const link = readSignedLink('?email=fan%40example.com')
    expect(link).toEqual({ email: 'fan@example.com', expires: '', signature: '' })
    expect(EmailVerifySchema.safeParse(link).success).toBe(false)
  })
})

describe('readResetLink', () => {
  it('reads the email and token of a reset link', () => {
    const link = readResetLink(`?email=fan%40example.com&token=${signature}`)
    expect(link).toEqual({ email: 'fan@example.com', token: signature })
    expect(
      PasswordResetSchema.safeParse({ ...link, password: 'long enough', password_confirmation: 'long enough' }).success,
    ).toBe(true)
  })
})
