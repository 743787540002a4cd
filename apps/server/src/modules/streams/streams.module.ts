import type { Redis } from 'ioredis'
import { RedisStreamStore } from './streams.redis.js'
import { StreamsRepository } from './streams.repository.js'
import { streamsRoutes } from './streams.routes.js'
import { StreamsService } from './streams.service.js'

/** Simultaneous streams per account (decision 0031): leases in Redis when there is one, else in the database. */
function createStreams(d: {
  sql: ConstructorParameters<typeof StreamsRepository>
  redis?: Redis | undefined
  clock: () => number
}) {
  const store = d.redis ? new RedisStreamStore(d.redis) : new StreamsRepository(...d.sql)
  return new StreamsService({ store, clock: d.clock })
}

/** What the container and the app take of the streams module: `build` (the container's `streams`) and `routes` (`/api/streams`). */
export const streamsModule = { build: createStreams, routes: streamsRoutes }
