import { type Favorite, messages } from '@fieldhouse/contract'
import { notFound, unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import type { CatalogRepository } from './catalog.repository.js'
import type { CatalogService } from './catalog.service.js'

type FavoritableType = Favorite['favoritable_type']

/**
 * Favourites (spec §3, §5): teams as participants, schools as groups, sports as categories. A user's
 * favourites are theirs alone, and only of things on their channel.
 */
export class FavoritesService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly catalog: CatalogService,
    private readonly clock: () => number = Date.now,
  ) {}

  private userOf(session: Session) {
    if (!session.userId) throw unauthorized(messages.loginRequired)
    return session.userId
  }

  /** What the channel has of each favouritable kind, by id. */
  private async targets(session: Session) {
    const channel = session.channel
    const [participants, groups, categories] = await Promise.all([
      this.catalog.participants(channel),
      this.catalog.groups(channel),
      this.catalog.categoryList(channel),
    ])
    const pick = (r: { id: number; name: string; alias: string; images?: string[] }) => ({
      id: r.id,
      name: r.name,
      alias: r.alias,
      images: r.images ?? [],
    })
    return {
      participant: new Map(participants.map((p) => [p.id, pick(p)])),
      group: new Map(groups.map((g) => [g.id, pick(g)])),
      category: new Map(categories.map((c) => [c.id, pick(c)])),
    } satisfies Record<FavoritableType, Map<number, Favorite['favoritable']>>
  }

  async list(session: Session): Promise<Favorite[]> {
    const userId = this.userOf(session)
    const targets = await this.targets(session)
    return (await this.repo.listFavorites(userId)).flatMap((f) => {
      const item = targets[f.favoritable_type].get(f.favoritable_id)
      // A favourite whose team or school was removed is not shown.
      return item ? [{ ...f, favoritable: item }] : []
    })
  }

  async add(session: Session, type: FavoritableType, id: number): Promise<Favorite> {
    const userId = this.userOf(session)
    const item = (await this.targets(session))[type].get(id)
    if (!item) throw notFound(type)
    const row = await this.repo.addFavorite(userId, type, id, this.clock())
    return { ...row, favoritable: item }
  }

  async remove(session: Session, id: number) {
    if (!(await this.repo.removeFavorite(this.userOf(session), id))) throw notFound('favorite')
    return { status: 'deleted' as const }
  }

  /** The ids the user follows, by kind, for `GET /events/favorite`. */
  async followed(session: Session) {
    const favorites = await this.repo.listFavorites(this.userOf(session))
    const ids = (type: FavoritableType) =>
      favorites.filter((f) => f.favoritable_type === type).map((f) => f.favoritable_id)
    return { participantIds: ids('participant'), groupIds: ids('group'), categoryIds: ids('category') }
  }
}
