import { messages } from '@fieldhouse/contract'
import { unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { PaymentsRepository } from './payments.repository.js'

/** The signed-in viewer as a buyer: who pays, and whom the provider knows them as. */
export type Buyer = { id: number; email: string; first_name: string; last_name: string; channel_id: number }

/** The viewer behind a payments call, and their customer at the provider (made on first use). */
export class PaymentCustomers {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly gateway: PaymentGateway,
  ) {}

  /** The signed-in viewer of this channel; 401 otherwise. */
  async userOf(session: Session) {
    if (session.userId === null) throw unauthorized(messages.loginRequired)
    const user = await this.repo.user(session.channel.id, session.userId)
    if (!user) throw unauthorized(messages.loginRequired)
    return user
  }

  /** The user's customer at this gateway, if they have one yet. */
  customerId(userId: number) {
    return this.repo.customerId(userId, this.gateway.name)
  }

  /** The user's customer at this gateway, created at the provider the first time it is needed. */
  async customer(user: Buyer) {
    const existing = await this.repo.customerId(user.id, this.gateway.name)
    if (existing) return existing
    const created = await this.gateway.createCustomer({
      id: user.id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
      channelId: user.channel_id,
    })
    return this.repo.saveCustomer(user.id, this.gateway.name, created)
  }
}
