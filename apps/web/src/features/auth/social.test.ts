import { SocialStartSchema } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { isSafeProviderUrl } from '../../lib/entities/session/use-social-sign-in'
import { enabledProviders, localPath, readSocialReturn, socialRedirectPath } from './social'

describe('readSocialReturn', () => {
  it('reads the one-time code of a successful sign-in', () => {
    expect(readSocialReturn('?code=abc123')).toEqual({ kind: 'code', code: 'abc123', redirect: null })
  })

  it('reads where the sign-in returns to, on this site only', () => {
    expect(readSocialReturn('?code=abc&redirect=%2Fwatch%2F3%3Fmodal%3Dbuy')).toEqual({
      kind: 'code',
      code: 'abc',
      redirect: '/watch/3?modal=buy',
    })
    expect(readSocialReturn('?code=abc&redirect=%2F%2Fevil.example')).toEqual({
      kind: 'code',
      code: 'abc',
      redirect: null,
    })
  })

  it('reads an unregistered social user', () => {
    expect(readSocialReturn('?social=google&error=not_registered')).toEqual({
      kind: 'not-registered',
      provider: 'google',
    })
    expect(readSocialReturn('?social=myspace&error=not_registered')).toEqual({
      kind: 'not-registered',
      provider: null,
    })
  })

  it('reads any other failure', () => {
    expect(readSocialReturn('?social=facebook&error=access_denied')).toEqual({
      kind: 'failed',
      provider: 'facebook',
      reason: 'access_denied',
    })
    expect(readSocialReturn('?social_error=email_taken')).toEqual({
      kind: 'failed',
      provider: null,
      reason: 'email_taken',
    })
  })

  it('is null on a plain visit', () => {
    expect(readSocialReturn('')).toBeNull()
    expect(readSocialReturn('?code=')).toBeNull()
    expect(readSocialReturn('?email=a@b.co')).toBeNull()
  })
})

describe('localPath', () => {
  it('keeps paths of this site only', () => {
    expect(localPath('/faq')).toBe('/faq')
    expect(localPath('//evil.example')).toBeNull()
    expect(localPath('/\\evil.example')).toBeNull()
    expect(localPath('https://evil.example')).toBeNull()
    expect(localPath(null)).toBeNull()
  })
})

describe('isSafeProviderUrl', () => {
  it('accepts web addresses and our own paths', () => {
    expect(isSafeProviderUrl('https://accounts.google.com/o/oauth2/auth?x=1')).toBe(true)
    expect(isSafeProviderUrl('http://localhost:3100/api/auth/login/google/callback')).toBe(true)
    expect(isSafeProviderUrl('/api/auth/login/google/callback?state=1')).toBe(true)
  })

  it('refuses scripts, protocol-relative addresses and garbage', () => {
    expect(isSafeProviderUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeProviderUrl('//evil.example')).toBe(false)
    expect(isSafeProviderUrl('/\\evil.example')).toBe(false)
    expect(isSafeProviderUrl('not a url')).toBe(false)
  })
})

describe('enabledProviders', () => {
  it('keeps the configured providers we know, Google first', () => {
    expect(enabledProviders(['facebook', 'google', 'myspace'])).toEqual(['google', 'facebook'])
    expect(enabledProviders(['google'])).toEqual(['google'])
    expect(enabledProviders([])).toEqual([])
  })
})

describe('socialRedirectPath', () => {
  it('passes a page of this site the contract accepts', () => {
    for (const href of ['/faq', '/watch/3?modal=buy']) {
      expect(socialRedirectPath(href)).toBe(href)
      expect(SocialStartSchema.safeParse({ redirect_path: href }).success).toBe(true)
    }
  })

  it('leaves home and anything the contract refuses out', () => {
    for (const href of ['/', '//evil.example', `/${'a'.repeat(500)}`]) {
      expect(socialRedirectPath(href)).toBeUndefined()
    }
    expect(SocialStartSchema.safeParse({ redirect_path: '/' }).success).toBe(false)
  })
})
