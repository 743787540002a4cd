import { salesMessages } from '@fieldhouse/contract'
import { conflict } from '../../lib/errors.js'
import type { Operator } from '../../lib/operator.js'
import type { ConsoleActionsRepository } from './console-actions.repository.js'

/**
 * The console's money actions done once per key (decision 0036): a second request with the key gets
 * the first answer; one that failed frees its key for the retry.
 */
export class ConsoleActions {
  constructor(
    private readonly repo: ConsoleActionsRepository,
    private readonly clock: () => number,
  ) {}

  async once<T>(op: Operator, key: string, action: string, fn: () => Promise<T>): Promise<T> {
    const channelId = op.session.channel.id
    if (!(await this.repo.claim(channelId, key, action, this.clock()))) {
      const done = await this.repo.byKey(channelId, key)
      if (done?.action !== action) throw conflict(salesMessages.keyUsed)
      if (done.result === null) throw conflict('This action is still running.')
      return JSON.parse(done.result) as T
    }
    try {
      const result = await fn()
      await this.repo.done(channelId, key, result)
      return result
    } catch (error) {
      await this.repo.release(channelId, key)
      throw error
    }
  }
}
