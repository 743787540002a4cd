import { userQueryKey } from '../account/query-keys'

/** The viewer's clips (`GET /api/clips/user`): dropped with every other user query at sign-out. */
export const myClipsQueryKey = (userId: number) => userQueryKey(userId, 'clips')
/** A clip opened by its share link: the same for everyone who has the link. */
export const sharedClipQueryKey = (id: number, uuid: string) => ['shared-clip', id, uuid] as const
/** A game's clips (`GET /api/clips/event/{id}`); the answer depends on who asks. */
export const eventClipsRoot = ['event-clips'] as const
export const eventClipsQueryKey = (eventId: number, viewerId: number | null) =>
  [...eventClipsRoot, eventId, viewerId] as const
export const momentsQueryKey = (filters: object) => ['moments', filters] as const
