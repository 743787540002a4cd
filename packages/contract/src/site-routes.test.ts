import { describe, expect, it } from 'vitest'
import { AdminPageInputSchema, AdminPageSchema, adminUpdateSchemaOf } from './admin.js'
import { reservedPageUrl } from './site-routes.js'

const urlOf = (url: string) => AdminPageInputSchema.safeParse({ url, name: 'Page' })
const problemOf = (url: string) => {
  const parsed = urlOf(url)
  return parsed.success ? null : parsed.error.issues[0]?.message
}

describe('a CMS page url', () => {
  it('takes the information pages the spec routes to, with underscores, stored /-led', () => {
    for (const url of ['/about', '/contacts', '/privacy_policy', '/terms_conditions'])
      expect(urlOf(url).data?.url).toBe(url)
    expect(urlOf('tickets-help').data?.url).toBe('/tickets-help')
    expect(urlOf('/season/guide_2026/').data?.url).toBe('/season/guide_2026')
  })

  it('refuses the site’s own routes by name, the console and the API included', () => {
    expect(problemOf('/admin')).toBe('/admin is a page of the site itself: choose another address')
    expect(problemOf('watch/12')).toBe('/watch is a page of the site itself: choose another address')
    expect(problemOf('/api/pages')).toBe('/api is a page of the site itself: choose another address')
    expect(problemOf('/vod_library')).toBe('/vod_library is a page of the site itself: choose another address')
    // The information pages are theirs only at their own address.
    expect(problemOf('/about/team')).toBe('/about is a page of the site itself: choose another address')
    expect(problemOf('/faq')).toBe('/faq is a page of the site itself: choose another address')
    expect(reservedPageUrl('/')).toBe('The home page is the site’s own: choose another address')
  })

  it('says what a url may hold', () => {
    for (const url of ['/About', 'two words', '/-x', '//x', 'x?y'])
      expect(problemOf(url)).toBe(
        'Use lower-case letters, digits, - and _, in parts separated by / (as /privacy_policy)',
      )
    expect(problemOf('')).toBe('Field is required')
  })

  it('checks an update’s url the same way', () => {
    const update = adminUpdateSchemaOf('pages')
    expect(update.safeParse({ url: '/login' }).success).toBe(false)
    expect(update.safeParse({ url: 'privacy_policy' }).data).toEqual({ url: '/privacy_policy' })
    expect(update.safeParse({ name: 'Privacy' }).data).toEqual({ name: 'Privacy' })
  })

  it('answers a stored url as it is', () => {
    expect(AdminPageSchema.parse({ id: 1, url: '/Old Page', name: 'Old' }).url).toBe('/Old Page')
  })
})
