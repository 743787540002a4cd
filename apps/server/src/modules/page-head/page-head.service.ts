import type { ChannelRow } from '../../db/schema.js'
import { imagePreloadTag, isPreloadable } from '../../lib/html-head.js'
import { VersionedCache } from '../../lib/versioned-cache.js'
import { type HeadRoute, headRouteOf, vodPicture } from './page-head.js'

/** What the head of a page is made of; each from the module that owns it (the composition root passes them). */
export interface PageHeadSources {
  /** The home page's first slide's picture, per content version (the channel service). */
  homeImage(channel: ChannelRow): Promise<string | null>
  /**
   * The poster every viewer of an event or library video is given, a public file (the media service);
   * `timed` when a premiere decides it.
   */
  publicPoster(
    channelId: number,
    owner: { type: 'event' | 'vod'; id: number },
  ): Promise<{ url: string | null; timed: boolean }>
  /** A library video's assets (its pictures), or null when the channel has no such video. */
  vodAssets(channel: ChannelRow, id: number): Promise<readonly { type: string; path: string }[] | null>
  /** A shared clip's preview tags and poster preload, or null (the clips module decides what is public). */
  shareHead(channel: ChannelRow, origin: string, id: number, uuid: string): Promise<string | null>
  contentVersion(channelId: number): Promise<number | undefined>
}

/**
 * The tags the server writes into the head of the app's page for a path (design: the largest paint is
 * asked for by the HTML, not after the app renders): the preload of the home page's first slide, of a
 * watch page's poster, a shared clip's preview. A poster is one any visitor may fetch, as the page's
 * detail gives it to everyone; never a signed one. Kept per channel content version, so the HTML costs
 * no query within `cacheFreshMs` and one small one after.
 */
export class PageHeadService {
  private readonly posters: VersionedCache<string, { href: string | null }>

  constructor(
    private readonly d: PageHeadSources,
    options: { cacheFreshMs: number },
  ) {
    this.posters = new VersionedCache({ freshMs: options.cacheFreshMs, maxEntries: 5000 })
  }

  /**
   * The head's tags for `url` (path and query) on the channel the request's host serves, already
   * escaped; null for none. The channel is looked up only for a page that has something to say.
   */
  async headFor(url: string, origin: string, channelOf: () => Promise<ChannelRow | undefined>): Promise<string | null> {
    const route = headRouteOf(url)
    if (!route) return null
    const channel = await channelOf()
    if (!channel) return null
    if (route.kind === 'share') return this.d.shareHead(channel, origin, route.id, route.uuid)
    const href = route.kind === 'home' ? await this.d.homeImage(channel) : await this.poster(channel, route)
    return href && isPreloadable(href) ? imagePreloadTag(href) : null
  }

  /** The watch page's poster as its detail gives it (a library video's own picture when its recording has none). */
  private async poster(channel: ChannelRow, route: Extract<HeadRoute, { kind: 'event' | 'vod' }>) {
    const key = `${channel.id}|${route.kind}|${route.id}`
    let timed = false
    const entry = await this.posters.get(
      key,
      () => this.d.contentVersion(channel.id),
      async () => {
        const assets = route.kind === 'vod' ? await this.d.vodAssets(channel, route.id) : []
        if (!assets) return { href: null }
        const poster = await this.d.publicPoster(channel.id, { type: route.kind, id: route.id })
        timed = poster.timed
        return { href: poster.url ?? vodPicture(assets) }
      },
    )
    // A premiere's poster changes with the clock, not with the content version: asked afresh each time.
    if (timed) this.posters.invalidate((k) => k === key)
    return entry?.href ?? null
  }
}
