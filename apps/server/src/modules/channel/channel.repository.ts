import type { Kysely } from 'kysely'
import { anyInChannel, findInChannel, listInChannel } from '../../db/channel-rows.js'
import { bumpContentVersion } from '../../db/content-version.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database, NewChannel } from '../../db/schema.js'
import { servingHosts } from '../../db/serving-hosts.js'

type Row<T extends keyof Database> = Omit<import('kysely').Insertable<Database[T]>, 'id' | 'channel_id'>

/** What a channel holds besides its own row; written whole by the seed and by `channel create`. */
export interface ChannelContent {
  domains?: string[]
  colors?: Record<string, string>
  menu?: Row<'menu_items'>[]
  slides?: Row<'slides'>[]
  pages?: Row<'pages'>[]
  faqs?: Row<'faqs'>[]
  staticBlocks?: Row<'static_blocks'>[]
  customForms?: Row<'custom_forms'>[]
}

/** The only code that queries the channel tables. */
export class ChannelRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  findByKey(key: string) {
    return this.db.selectFrom('channels').selectAll().where('key', '=', key).executeTakeFirst()
  }

  findById(id: number) {
    return this.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The channel a host serves: only a verified domain does (a pending one is a claim, decision 0041). */
  async findKeyByHost(host: string) {
    const row = await this.db
      .selectFrom('channel_domains')
      .innerJoin('channels', 'channels.id', 'channel_domains.channel_id')
      .select('channels.key')
      .where('channel_domains.host', '=', host.toLowerCase())
      .where('channel_domains.verified_at', 'is not', null)
      .executeTakeFirst()
    return row?.key
  }

  /** The channel's primary domain: its first verified one (links in mails point there). */
  async primaryHost(channelId: number) {
    const row = await servingHosts(this.db, channelId).limit(1).executeTakeFirst()
    return row?.host
  }

  async contentVersion(channelId: number) {
    const row = await this.db
      .selectFrom('channels')
      .select('content_version')
      .where('id', '=', channelId)
      .executeTakeFirst()
    return row?.content_version
  }

  /** Channels with the domains that serve them (verified), first the primary. */
  listForCli() {
    return this.db
      .selectFrom('channels')
      .leftJoin('channel_domains', (join) =>
        join.onRef('channel_domains.channel_id', '=', 'channels.id').on('channel_domains.verified_at', 'is not', null),
      )
      .select(['channels.id', 'channels.key', 'channels.name', 'channel_domains.host'])
      .orderBy('channels.id')
      .orderBy('channel_domains.id')
      .execute()
  }

  colorSettings(channelId: number, clientInterface: string) {
    return listInChannel(this.db, 'color_settings', channelId, {
      select: ['name', 'value'],
      match: { client_interface: clientInterface },
      orderBy: ['id'],
    })
  }

  menu(channelId: number) {
    return listInChannel(this.db, 'menu_items', channelId, {
      select: ['id', 'name', 'alias', 'url', 'image', 'images', 'placement', 'menuable_type', 'menuable_id'],
      orderBy: ['position', 'id'],
    })
  }

  slides(channelId: number, clientInterface: string, type?: string) {
    return listInChannel(this.db, 'slides', channelId, {
      select: ['id', 'slidable_type', 'slidable_id', 'title', 'subtitle', 'image', 'link'],
      match: { client_interface: clientInterface, ...(type ? { slidable_type: type as 'main' } : {}) },
      orderBy: ['position', 'id'],
    })
  }

  /** The picture of the channel's first slide (the home page's largest paint), null when it has none. */
  async firstSlideImage(channelId: number, clientInterface: string) {
    const row = await this.db
      .selectFrom('slides')
      .select('image')
      .where('channel_id', '=', channelId)
      .where('client_interface', '=', clientInterface)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    return row?.image ?? null
  }

  pages(channelId: number) {
    return listInChannel(this.db, 'pages', channelId, {
      select: ['id', 'url', 'alt_name', 'name'],
      orderBy: ['position', 'id'],
    })
  }

  /** A page by id, or by alt_name (the slug the web app may also use). */
  findPage(channelId: number, idOrAltName: string) {
    const match = /^\d+$/.test(idOrAltName) ? { id: Number(idOrAltName) } : { alt_name: idOrAltName }
    return findInChannel(this.db, 'pages', channelId, match, ['id', 'url', 'alt_name', 'name', 'content'])
  }

  faqs(channelId: number) {
    return listInChannel(this.db, 'faqs', channelId, {
      select: ['id', 'question', 'answer'],
      orderBy: ['position', 'id'],
    })
  }

  /** Spec §3 Preroll: heaviest first (spec §4 sorts by weight); one with no video yet is left out. */
  prerolls(channelId: number) {
    return this.db
      .selectFrom('prerolls')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('url', '!=', '')
      .orderBy('weight', 'desc')
      .orderBy('id')
      .execute()
  }

  staticBlocks(channelId: number) {
    return listInChannel(this.db, 'static_blocks', channelId, {
      select: ['id', 'alias', 'title', 'content'],
      orderBy: ['position', 'id'],
    })
  }

  /** Creates a channel with all its content in one transaction; returns its id. */
  create(channel: NewChannel, content: ChannelContent) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const { id } = await trx.insertInto('channels').values(channel).returning('id').executeTakeFirstOrThrow()
      const withChannel = <T extends object>(rows: T[] | undefined) =>
        (rows ?? []).map((r) => ({ ...r, channel_id: id }))
      // The deployment's own admin names these (seed, `channel create --domain`): verified as given.
      const now = Date.now()
      const domains = withChannel(
        (content.domains ?? []).map((host) => ({ host: host.toLowerCase(), verified_at: now, created_at: now })),
      )
      if (domains.length) await trx.insertInto('channel_domains').values(domains).execute()
      const colors = withChannel(
        Object.entries(content.colors ?? {}).map(([name, value]) => ({ name, value, client_interface: 'web' })),
      )
      if (colors.length) await trx.insertInto('color_settings').values(colors).execute()
      const menu = withChannel(content.menu)
      if (menu.length) await trx.insertInto('menu_items').values(menu).execute()
      const slides = withChannel(content.slides)
      if (slides.length) await trx.insertInto('slides').values(slides).execute()
      const pages = withChannel(content.pages)
      if (pages.length) await trx.insertInto('pages').values(pages).execute()
      const faqs = withChannel(content.faqs)
      if (faqs.length) await trx.insertInto('faqs').values(faqs).execute()
      const blocks = withChannel(content.staticBlocks)
      if (blocks.length) await trx.insertInto('static_blocks').values(blocks).execute()
      const forms = withChannel(content.customForms)
      if (forms.length) await trx.insertInto('custom_forms').values(forms).execute()
      return id
    })
  }

  /** Sets colour values and bumps the content version, so caches rebuild. */
  setColors(channelId: number, colors: Record<string, string>, now: number) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      for (const [name, value] of Object.entries(colors)) {
        await trx
          .insertInto('color_settings')
          .values({ channel_id: channelId, client_interface: 'web', name, value })
          .onConflict((oc) => oc.columns(['channel_id', 'client_interface', 'name']).doUpdateSet({ value }))
          .execute()
      }
      await bumpContentVersion(trx, channelId, now)
    })
  }

  /** Whether the channel has any sport yet (the demo seed fills an empty catalogue once). */
  hasPasses(channelId: number) {
    return anyInChannel(this.db, 'passes', channelId)
  }

  hasClipTags(channelId: number) {
    return anyInChannel(this.db, 'clip_tags', channelId)
  }

  hasCatalogue(channelId: number) {
    return anyInChannel(this.db, 'event_categories', channelId)
  }

  /** Runs `fn` in one write transaction (the seed writes a catalogue whole or not at all). */
  inTransaction<T>(fn: (trx: Kysely<Database>) => Promise<T>) {
    return writeTransaction(this.db, this.dialect, fn)
  }

  /** Content changed outside the repository's own writes (a video became ready): caches rebuild. */
  bumpContentVersion(channelId: number, now = Date.now()) {
    return bumpContentVersion(this.db, channelId, now)
  }
}
