import { messages } from '@fieldhouse/contract'
import { describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../api/api-error'
import { applyServerErrors } from './server-errors'

const http = (status: number, data: unknown) => new ApiRequestError('http', { status, data })

describe('applyServerErrors', () => {
  it('sets each known field error, focusing the first, and says nothing more', () => {
    const setError = vi.fn()
    const error = http(422, {
      message: messages.validationFailed,
      errors: { email: [messages.emailInvalid], password: [messages.passwordTooShort] },
    })
    expect(applyServerErrors(error, ['email', 'password'], setError)).toBeNull()
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'email',
      { type: 'server', message: messages.emailInvalid },
      { shouldFocus: true },
    )
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'password',
      { type: 'server', message: messages.passwordTooShort },
      { shouldFocus: false },
    )
  })

  it('returns a message about a field the form does not show', () => {
    const setError = vi.fn()
    const error = http(422, {
      message: messages.validationFailed,
      errors: { recaptcha_token: [messages.recaptchaRequired] },
    })
    expect(applyServerErrors(error, ['email'], setError)).toBe(messages.recaptchaRequired)
    expect(setError).not.toHaveBeenCalled()
  })

  it('words a failure without field errors', () => {
    const setError = vi.fn()
    expect(
      applyServerErrors(http(401, { message: messages.wrongAuthData }), ['email'], setError, {
        401: messages.invalidCredentials,
      }),
    ).toBe(messages.invalidCredentials)
    expect(applyServerErrors(http(409, { message: messages.alreadyLoggedIn }), ['email'], setError)).toBe(
      messages.alreadyLoggedIn,
    )
    expect(applyServerErrors(new ApiRequestError('canceled'), ['email'], setError)).toBeNull()
  })

  it('prefers the form’s own words for a status over the field errors that come with it', () => {
    const setError = vi.fn()
    const error = http(401, { message: messages.wrongAuthData, errors: { email: [messages.wrongAuthData] } })
    expect(applyServerErrors(error, ['email'], setError, { 401: messages.invalidCredentials })).toBe(
      messages.invalidCredentials,
    )
    expect(setError).not.toHaveBeenCalled()
  })
})
