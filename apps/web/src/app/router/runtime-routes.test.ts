import { describe, expect, it } from 'vitest'
import { runtimeRoutes } from './runtime-routes'

const page = (id: number, url: string) => ({ id, url, alt_name: `page-${id}`, name: `Page ${id}` })

describe('runtimeRoutes', () => {
  it('turns each CMS page into a route at its url', () => {
    expect(runtimeRoutes([page(1, '/tickets-help'), page(2, 'season/guide')], [])).toEqual([
      { kind: 'page', path: '/tickets-help', page: page(1, '/tickets-help') },
      { kind: 'page', path: '/season/guide', page: page(2, 'season/guide') },
    ])
  })

  it('leaves the app’s own paths alone', () => {
    const pages = [
      page(1, '/about'),
      page(2, '/contacts'),
      page(3, '/'),
      page(4, '/watch/1'),
      page(5, '/privacy_policy'),
    ]
    expect(runtimeRoutes(pages, [{ path: '/login', redirect: '/' }])).toEqual([])
  })

  it('adds channel routes as redirects, external ones marked', () => {
    expect(
      runtimeRoutes(
        [],
        [
          { path: '/tickets', redirect: '/packages' },
          { path: '/shop', redirect: 'https://shop.example.com' },
        ],
      ),
    ).toEqual([
      { kind: 'redirect', path: '/tickets', to: '/packages', external: false },
      { kind: 'redirect', path: '/shop', to: 'https://shop.example.com', external: true },
    ])
  })

  it('drops a redirect to anything but an http(s) address or a path of the site', () => {
    expect(
      runtimeRoutes(
        [],
        [
          { path: '/win', redirect: 'javascript:alert(document.domain)' },
          { path: '/data', redirect: 'data:text/html,x' },
          { path: '/away', redirect: '//evil.example' },
        ],
      ),
    ).toEqual([])
  })

  it('keeps the first of two routes on one path, pages before redirects', () => {
    const routes = runtimeRoutes([page(1, '/help'), page(2, '/Help/')], [{ path: '/help', redirect: '/faq' }])
    expect(routes).toEqual([{ kind: 'page', path: '/help', page: page(1, '/help') }])
  })
})
