import type { Config } from './config.js'
import type { Db } from './db/database.js'
import type { ChannelRepository } from './modules/channel/channel.repository.js'

/** What every `npm run cli` command is handed: the configuration, the open database, the channels and where to print. */
export interface CliContext {
  config: Config
  db: Db
  channels: ChannelRepository
  out: (line: string) => void
}
