import type { JobQueue } from '../../jobs/queue.js'
import type { AuditSink } from '../../lib/operator.js'
import { KeyPlaysRepository } from './key-plays.repository.js'
import { keyPlaysRoutes } from './key-plays.routes.js'
import { type KeyPlayClips, KeyPlaysService } from './key-plays.service.js'

/** Key plays (decision 0058) over the scores module's actions and the clips module's official clips. */
function createKeyPlays(d: {
  db: ConstructorParameters<typeof KeyPlaysRepository>[0]
  clips: () => KeyPlayClips
  queue: JobQueue
  audit: AuditSink
  clock: () => number
}) {
  const clips: KeyPlayClips = {
    sourcesOf: (channelId, eventId) => d.clips().sourcesOf(channelId, eventId),
    playlistText: (key) => d.clips().playlistText(key),
    cut: (c, clipId) => d.clips().cut(c, clipId),
    present: (ids) => d.clips().present(ids),
    erase: (id) => d.clips().erase(id),
  }
  return new KeyPlaysService({
    repo: new KeyPlaysRepository(d.db),
    clips,
    queue: d.queue,
    audit: d.audit,
    clock: d.clock,
  })
}

export type KeyPlays = KeyPlaysService

export const keyPlaysModule = { build: createKeyPlays, routes: keyPlaysRoutes }
