import { messages } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api-error'
import { errorText, httpStatus, splitFieldErrors } from './error-text'

const http = (status: number, data: unknown) => new ApiRequestError('http', { status, data })

describe('errorText', () => {
  it('says nothing about a cancelled request', () => {
    expect(errorText(new ApiRequestError('canceled'))).toBeNull()
  })

  it('passes the server message of a 4xx answer through', () => {
    expect(errorText(http(422, { message: messages.resetKeyExpired }))).toBe(messages.resetKeyExpired)
    expect(errorText(http(409, { message: messages.alreadyLoggedIn }))).toBe(messages.alreadyLoggedIn)
  })

  it('lets a form word a status its own way', () => {
    const error = http(401, { message: messages.wrongAuthData })
    expect(errorText(error, { 401: messages.invalidCredentials })).toBe(messages.invalidCredentials)
    expect(errorText(error)).toBe(messages.wrongAuthData)
  })

  it('words throttling, server failures and lost connections', () => {
    expect(errorText(http(429, { message: 'slow down' }))).toBe(messages.tooManyRequests)
    expect(errorText(http(503, { message: 'upstream exploded' }))).toBe(messages.somethingWentWrong)
    expect(errorText(new ApiRequestError('network'))).toBe(messages.somethingWentWrong)
    expect(errorText(new ApiRequestError('timeout'))).toBe(messages.somethingWentWrong)
    expect(errorText(new Error('boom'))).toBe(messages.somethingWentWrong)
  })

  it('falls back when the body has no message', () => {
    expect(errorText(http(400, 'plain text'))).toBe(messages.undefinedError)
  })
})

describe('httpStatus', () => {
  it('reads the status of an http failure only', () => {
    expect(httpStatus(http(409, null))).toBe(409)
    expect(httpStatus(new ApiRequestError('network'))).toBeNull()
    expect(httpStatus(new Error('x'))).toBeNull()
  })
})

describe('splitFieldErrors', () => {
  it('puts the first message of each known field under it and the rest aside', () => {
    const error = http(422, {
      message: messages.validationFailed,
      errors: {
        email: [messages.emailTaken, 'second'],
        recaptcha_token: [messages.recaptchaRequired],
        first_name: [],
      },
    })
    expect(splitFieldErrors(error, ['email', 'password', 'first_name'])).toEqual({
      fields: [['email', messages.emailTaken]],
      other: [messages.recaptchaRequired],
    })
  })

  it('is empty for anything but an http answer with errors', () => {
    expect(splitFieldErrors(new Error('x'), ['email'])).toEqual({ fields: [], other: [] })
    expect(splitFieldErrors(http(401, { message: 'no' }), ['email'])).toEqual({ fields: [], other: [] })
  })
})
