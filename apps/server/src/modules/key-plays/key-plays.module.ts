import type { JobQueue } from '../../jobs/queue.js'
import type { AuditSink } from '../../lib/operator.js'
import { KeyPlaysRepository } from './key-plays.repository.js'
import { keyPlaysRoutes } from './key-plays.routes.js'
import { type KeyPlayClips, KeyPlaysService } from './key-plays.service.js'
import { ReelsRepository } from './reels.repository.js'
import { HighlightReels, type ReelClips } from './reels.service.js'

/**
 * Key plays (decision 0058) over the scores module's actions and the clips module's official clips, and
 * the highlight reel a final game's key plays make.
 */
function createKeyPlays(d: {
  db: ConstructorParameters<typeof KeyPlaysRepository>[0]
  clips: () => KeyPlayClips & ReelClips
  queue: JobQueue
  audit: AuditSink
  clock: () => number
}) {
  const clips: KeyPlayClips & ReelClips = {
    sourcesOf: (channelId, eventId) => d.clips().sourcesOf(channelId, eventId),
    playlistText: (key) => d.clips().playlistText(key),
    cut: (c, clipId) => d.clips().cut(c, clipId),
    present: (ids) => d.clips().present(ids),
    erase: (id) => d.clips().erase(id),
    readyMp4: (id) => d.clips().readyMp4(id),
    publishReel: (reel) => d.clips().publishReel(reel),
  }
  const repo = new KeyPlaysRepository(d.db)
  const reels = new HighlightReels({
    repo: new ReelsRepository(d.db),
    plays: repo,
    clips,
    queue: d.queue,
    clock: d.clock,
  })
  return new KeyPlaysService({ repo, clips, queue: d.queue, audit: d.audit, clock: d.clock, reels })
}

export type KeyPlays = KeyPlaysService

export const keyPlaysModule = { build: createKeyPlays, routes: keyPlaysRoutes }
