import type { Bootstrap, ColorSettings, Faq, MenuItem, Page, PageSummary, Settings, Slide } from '@fieldhouse/contract'
import type { ChannelRow } from '../../db/schema.js'
import { notFound } from '../../lib/errors.js'
import { linkOrigin } from '../../lib/link-origin.js'
import { type SerializedBody, serialize } from '../../lib/response-cache.js'
import { VersionedCache } from '../../lib/versioned-cache.js'
import {
  presentColors,
  presentFaq,
  presentMenuItem,
  presentPage,
  presentPageSummary,
  presentSettings,
  presentSlide,
} from './channel.presenter.js'
import type { ChannelRepository } from './channel.repository.js'

/** A part of `channel-bootstrap-data` that another module contributes (catalogue, passes …). */
export type BootstrapPart = (channel: ChannelRow) => Promise<unknown>

/**
 * Channel content: settings, colours, menu, slides, pages, FAQ, static blocks, and the bootstrap
 * document that carries them all in one response.
 */
export class ChannelService {
  private readonly parts: [string, BootstrapPart][]
  private readonly bootstrapCache: VersionedCache<number, SerializedBody>
  private readonly channelByKey: VersionedCache<string, ChannelRow>
  private readonly homeImageCache: VersionedCache<number, { image: string | null }>

  constructor(
    private readonly repo: ChannelRepository,
    private readonly options: {
      cacheFreshMs: number
      /** Other modules' parts of the bootstrap document, by name (catalogue lists, passes on sale). */
      bootstrapParts?: Record<string, BootstrapPart>
      /** The analytics service's origin the web app sends to (null: none runs). */
      analyticsUrl?: () => string | null
      /** PUBLIC_URL: the origin of links for a channel with no verified domain. */
      publicUrl: string
    },
  ) {
    this.parts = Object.entries(options.bootstrapParts ?? {})
    this.bootstrapCache = new VersionedCache({ freshMs: options.cacheFreshMs, maxEntries: 1000 })
    this.channelByKey = new VersionedCache({ freshMs: options.cacheFreshMs, maxEntries: 1000 })
    this.homeImageCache = new VersionedCache({ freshMs: options.cacheFreshMs, maxEntries: 1000 })
  }

  /** A channel by key, cached briefly (channel keys are public and looked up on every key request). */
  async findByKey(key: string): Promise<ChannelRow | undefined> {
    let row: ChannelRow | undefined
    return this.channelByKey.get(
      key,
      async () => {
        row = await this.repo.findByKey(key)
        return row?.content_version
      },
      async () => row as ChannelRow,
    )
  }

  findKeyByHost(host: string) {
    return this.repo.findKeyByHost(host)
  }

  /**
   * Where links in the channel's mails point (decision 0041): its primary verified domain on
   * PUBLIC_URL's scheme and port, else PUBLIC_URL — never the host a request named.
   */
  async linkOrigin(channel: Pick<ChannelRow, 'id'>): Promise<string> {
    return linkOrigin(this.options.publicUrl, await this.repo.primaryHost(channel.id))
  }

  async settings(channel: ChannelRow): Promise<Settings> {
    const [blocks, prerolls] = await Promise.all([this.repo.staticBlocks(channel.id), this.repo.prerolls(channel.id)])
    return presentSettings(channel, blocks, prerolls, this.options.analyticsUrl?.() ?? null)
  }

  /** A channel as a mail of its is branded: name, language, primary colour, logo, and where its links point. */
  async mailBranding(channelId: number) {
    const channel = await this.repo.findById(channelId)
    if (!channel) return null
    const primaryColor = (await this.colors(channel))['primary-color'] ?? '#1f6feb'
    const { name, language, logo } = channel
    return { id: channel.id, name, language, logo, primaryColor, origin: await this.linkOrigin(channel) }
  }

  async colors(channel: ChannelRow): Promise<ColorSettings> {
    return presentColors(await this.repo.colorSettings(channel.id, 'web'))
  }

  async menu(channel: ChannelRow): Promise<MenuItem[]> {
    return (await this.repo.menu(channel.id)).map(presentMenuItem)
  }

  async slides(channel: ChannelRow, type?: string): Promise<Slide[]> {
    return (await this.repo.slides(channel.id, 'web', type)).map(presentSlide)
  }

  /**
   * The picture the home page paints largest: its first slide's (`GET /slides/web`, every type, its
   * first), as the slide gives it; null when the first slide has none or there are no slides. Read once
   * per content version, as the bootstrap document is.
   */
  async homeImage(channel: ChannelRow): Promise<string | null> {
    const cached = await this.homeImageCache.get(
      channel.id,
      () => this.repo.contentVersion(channel.id),
      async () => ({ image: await this.repo.firstSlideImage(channel.id, 'web') }),
    )
    return cached?.image ?? null
  }

  async pages(channel: ChannelRow): Promise<PageSummary[]> {
    return (await this.repo.pages(channel.id)).map(presentPageSummary)
  }

  async page(channel: ChannelRow, idOrAltName: string): Promise<Page> {
    const page = await this.repo.findPage(channel.id, idOrAltName)
    if (!page) throw notFound('page')
    return presentPage(page)
  }

  async faq(channel: ChannelRow): Promise<Faq[]> {
    return (await this.repo.faqs(channel.id)).map(presentFaq)
  }

  async bootstrap(
    channel: ChannelRow,
  ): Promise<Omit<Bootstrap, 'packages' | 'subscriptions'> & Record<string, unknown>> {
    const [staticBlocks, colors, menu, slides, pages, faq, prerolls] = await Promise.all([
      this.repo.staticBlocks(channel.id),
      this.colors(channel),
      this.menu(channel),
      this.slides(channel),
      this.pages(channel),
      this.faq(channel),
      this.repo.prerolls(channel.id),
    ])
    const extra = await Promise.all(this.parts.map(async ([name, part]) => [name, await part(channel)] as const))
    return {
      'color-settings': colors,
      faq,
      menu,
      pages,
      settings: presentSettings(channel, staticBlocks, prerolls, this.options.analyticsUrl?.() ?? null),
      slides,
      static_blocks: staticBlocks,
      ...Object.fromEntries(extra),
    }
  }

  /** The bootstrap response if it is fresh in memory (no I/O). */
  freshBootstrapBody(channel: ChannelRow): SerializedBody | undefined {
    return this.bootstrapCache.peek(channel.id)
  }

  /**
   * The bootstrap response, serialised once per channel content version (design §7: the hottest
   * anonymous call). Other processes' changes show within `cacheFreshMs`.
   */
  async bootstrapBody(channel: ChannelRow): Promise<SerializedBody> {
    const cached = await this.bootstrapCache.get(
      channel.id,
      () => this.repo.contentVersion(channel.id),
      async () => {
        const fresh = (await this.repo.findById(channel.id)) ?? channel
        return serialize({ data: await this.bootstrap(fresh) })
      },
    )
    if (!cached) throw notFound('channel')
    return cached
  }

  /** Drops what this process remembers of the channel's content (after a change made here). */
  forget(channel: { id: number; key: string }) {
    this.bootstrapCache.invalidate((id) => id === channel.id)
    this.homeImageCache.invalidate((id) => id === channel.id)
    this.channelByKey.invalidate((key) => key === channel.key)
  }

  /** Operator change of colours; caches in this process drop at once. */
  async setColors(channel: ChannelRow, colors: Record<string, string>, now = Date.now()) {
    await this.repo.setColors(channel.id, colors, now)
    this.bootstrapCache.invalidate((id) => id === channel.id)
    this.channelByKey.invalidate((key) => key === channel.key)
  }
}
