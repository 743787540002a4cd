import { describe, expect, it } from 'vitest'
import {
  type GuardInput,
  guardNavigation,
  isAuthPageForSignedIn,
  isOpenWithoutBasicPass,
  lastPageHref,
  pathOf,
  shouldStepBack,
} from './navigation-rules'

const user = { temporary_password: false }
const input = (overrides: Partial<GuardInput>): GuardInput => ({
  pathname: '/',
  user,
  basicPass: 'selected',
  afterSignIn: null,
  ...overrides,
})

describe('guardNavigation', () => {
  it('lets anonymous visitors go anywhere, sign-in pages included', () => {
    for (const pathname of ['/', '/login', '/profile/edit', '/watch/3', '/buy']) {
      expect(guardNavigation(input({ pathname, user: null, basicPass: 'required' }))).toEqual({ kind: 'stay' })
    }
  })

  it.each(['/login', '/registration', '/password-reset-request', '/password-reset', '/Login/'])(
    'sends a signed-in user on %s home',
    (pathname) => {
      expect(guardNavigation(input({ pathname }))).toEqual({ kind: 'redirect', to: '/' })
    },
  )

  it('sends a fresh sign-in to the page it returns to', () => {
    expect(guardNavigation(input({ pathname: '/login', afterSignIn: '/watch/12?modal=buy' }))).toEqual({
      kind: 'redirect',
      to: '/watch/12?modal=buy',
    })
  })

  it('never returns a fresh sign-in to a sign-in page', () => {
    expect(guardNavigation(input({ pathname: '/login', afterSignIn: '/registration?x=1' }))).toEqual({
      kind: 'redirect',
      to: '/',
    })
  })

  it('leaves the verification and deletion links alone', () => {
    expect(guardNavigation(input({ pathname: '/verify-email' }))).toEqual({ kind: 'stay' })
    expect(guardNavigation(input({ pathname: '/confirm-account-deletion' }))).toEqual({ kind: 'stay' })
  })

  describe('temporary password', () => {
    const temporary = { temporary_password: true }

    it.each(['/', '/profile', '/packages', '/login', '/watch/1'])('forces %s to /profile/edit', (pathname) => {
      expect(guardNavigation(input({ pathname, user: temporary }))).toEqual({
        kind: 'redirect',
        to: '/profile/edit',
      })
    })

    it('keeps the user on /profile/edit even without the basic pass', () => {
      for (const basicPass of ['required', 'unknown', 'selected'] as const) {
        expect(guardNavigation(input({ pathname: '/profile/edit', user: temporary, basicPass }))).toEqual({
          kind: 'stay',
        })
      }
    })
  })

  describe('basic pass', () => {
    it.each(['/', '/profile', '/profile/edit', '/watch/5', '/faq', '/404', '/select-package/abc'])(
      'sends %s to /packages when the pass is required',
      (pathname) => {
        expect(guardNavigation(input({ pathname, basicPass: 'required' }))).toEqual({
          kind: 'redirect',
          to: '/packages',
        })
      },
    )

    it.each(['/privacy_policy', '/terms_conditions', '/packages', '/buy', '/select-package/12'])(
      'keeps %s open without the pass',
      (pathname) => {
        expect(guardNavigation(input({ pathname, basicPass: 'required' }))).toEqual({ kind: 'stay' })
      },
    )

    it('waits for the pass status before showing a gated page', () => {
      expect(guardNavigation(input({ pathname: '/faq', basicPass: 'unknown' }))).toEqual({ kind: 'wait' })
      expect(guardNavigation(input({ pathname: '/packages', basicPass: 'unknown' }))).toEqual({ kind: 'stay' })
    })

    it('lets the user anywhere once selected or when the channel has no passes form', () => {
      expect(guardNavigation(input({ pathname: '/faq', basicPass: 'selected' }))).toEqual({ kind: 'stay' })
      expect(guardNavigation(input({ pathname: '/faq', basicPass: 'not-needed' }))).toEqual({ kind: 'stay' })
    })

    it('sends a fresh sign-in home first; the gate applies on arrival', () => {
      expect(guardNavigation(input({ pathname: '/login', basicPass: 'required' }))).toEqual({
        kind: 'redirect',
        to: '/',
      })
    })
  })
})

describe('isOpenWithoutBasicPass', () => {
  it('accepts digit ids on select-package only', () => {
    expect(isOpenWithoutBasicPass('/select-package/7')).toBe(true)
    expect(isOpenWithoutBasicPass('/select-package/7x')).toBe(false)
    expect(isOpenWithoutBasicPass('/select-package')).toBe(false)
  })

  it('ignores letter case and a trailing slash', () => {
    expect(isOpenWithoutBasicPass('/Packages/')).toBe(true)
  })

  it('leaves the alert emails’ unsubscribe link open', () => {
    expect(isOpenWithoutBasicPass('/unsubscribe')).toBe(true)
    expect(isOpenWithoutBasicPass('/profile/alerts')).toBe(false)
  })
})

describe('isAuthPageForSignedIn', () => {
  it('covers the sign-in, sign-up, reset and verification-notice pages', () => {
    for (const path of ['/login', '/registration', '/verify-notice', '/password-reset-request', '/password-reset']) {
      expect(isAuthPageForSignedIn(path)).toBe(true)
    }
  })

  it('leaves the verification link, 404 and other pages alone', () => {
    for (const path of ['/verify-email', '/404', '/', '/profile']) {
      expect(isAuthPageForSignedIn(path)).toBe(false)
    }
  })
})

describe('shouldStepBack', () => {
  it('steps back when an anonymous viewer goes from login or registration to /buy', () => {
    expect(shouldStepBack({ from: '/login', to: '/buy', signedIn: false })).toBe(true)
    expect(shouldStepBack({ from: '/registration/', to: '/Buy', signedIn: false })).toBe(true)
  })

  it('does nothing for signed-in users, other pages or a first page', () => {
    expect(shouldStepBack({ from: '/login', to: '/buy', signedIn: true })).toBe(false)
    expect(shouldStepBack({ from: '/watch/1', to: '/buy', signedIn: false })).toBe(false)
    expect(shouldStepBack({ from: '/login', to: '/packages', signedIn: false })).toBe(false)
    expect(shouldStepBack({ from: null, to: '/buy', signedIn: false })).toBe(false)
  })
})

describe('lastPageHref', () => {
  it('rebuilds path and query', () => {
    expect(lastPageHref({ path: '/watch/12', query: { modal: 'buy', trk: 'a b' }, params: { id: '12' } })).toBe(
      '/watch/12?modal=buy&trk=a+b',
    )
    expect(lastPageHref({ path: '/faq', query: {}, params: {} })).toBe('/faq')
  })

  it('falls back to home without a usable last page', () => {
    expect(lastPageHref(null)).toBe('/')
    expect(lastPageHref({ path: '//evil.example/x', query: {}, params: {} })).toBe('/')
    expect(lastPageHref({ path: 'https://evil.example', query: {}, params: {} })).toBe('/')
  })
})

describe('pathOf', () => {
  it('drops query and hash', () => {
    expect(pathOf('/watch/1?modal=buy#x')).toBe('/watch/1')
    expect(pathOf('/faq#top')).toBe('/faq')
  })
})
