import { describe, expect, it } from 'vitest'
import { isSignedOutOnlyPage, pageToRemember, shouldRememberPage } from './remember-page'

describe('shouldRememberPage', () => {
  it.each([
    '/login',
    '/registration',
    '/verify-notice',
    '/password-reset-request',
    '/password-reset',
    '/404',
    '/verify-email',
    '/unsubscribe',
  ])('does not remember %s', (path) => {
    expect(shouldRememberPage(path)).toBe(false)
  })

  it('ignores a trailing slash and letter case, as the router does', () => {
    expect(shouldRememberPage('/Login/')).toBe(false)
  })

  it.each([
    '/',
    '/packages',
    '/watch/12',
    '/profile',
    '/profile/edit',
    '/faq',
    '/tickets-help',
    '/buy',
    '/confirm-account-deletion',
  ])('remembers %s', (path) => {
    expect(shouldRememberPage(path)).toBe(true)
  })
})

describe('pageToRemember', () => {
  it('keeps path, query and params', () => {
    expect(
      pageToRemember({ pathname: '/watch/12', search: '?modal=buy&trk=x' }, { id: '12', missing: undefined }),
    ).toEqual({
      path: '/watch/12',
      query: { modal: 'buy', trk: 'x' },
      params: { id: '12' },
    })
  })

  it('returns null for auth pages', () => {
    expect(pageToRemember({ pathname: '/login', search: '?email=a' }, {})).toBeNull()
  })
})

describe('isSignedOutOnlyPage', () => {
  it('covers sign in, sign up and password reset, not email verification', () => {
    expect(isSignedOutOnlyPage('/login')).toBe(true)
    expect(isSignedOutOnlyPage('/password-reset')).toBe(true)
    expect(isSignedOutOnlyPage('/verify-email')).toBe(false)
    expect(isSignedOutOnlyPage('/')).toBe(false)
  })
})
