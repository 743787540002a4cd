import { HOUR } from '@fieldhouse/contract'
import type { ChannelRow, TokenPurpose, UserRow } from '../../db/schema.js'
import type { Mailer } from '../../lib/mailer.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import type { AccountsRepository } from './accounts.repository.js'
import {
  alreadyRegisteredMail,
  deletionMail,
  type MailChannel,
  passwordResetMail,
  verificationMail,
} from './mail-templates.js'

const TOKEN_LIFETIME: Record<TokenPurpose, number> = {
  verify: 24 * HOUR,
  reset: HOUR,
  delete: HOUR,
  session: 5 * 60_000,
}
/** Reset (and verification) mails an account may be sent per window (design: reset throttled per account). */
export const MAILS_PER_WINDOW = 3
const MAIL_WINDOW_MS = 15 * 60_000

/**
 * The mails an account is sent (decision 0006): each link a single-use token of its own purpose and
 * lifetime, stored hashed, in the channel's name, colour and language; and how many an account may be
 * sent in a window.
 */
export class AccountMails {
  constructor(
    private readonly d: {
      repo: AccountsRepository
      mailer: Mailer
      mailColors?: ((channel: ChannelRow) => Promise<string>) | undefined
    },
    private readonly clock: () => number,
  ) {}

  private async mailChannel(channel: ChannelRow): Promise<MailChannel> {
    return {
      name: channel.name,
      primaryColor: (await this.d.mailColors?.(channel)) ?? '#1f6feb',
      language: channel.language,
    }
  }

  private async newLink(userId: number, purpose: TokenPurpose) {
    const token = newToken()
    const now = this.clock()
    const expires = now + TOKEN_LIFETIME[purpose]
    await this.d.repo.createToken(userId, purpose, hashToken(token), now, expires)
    return { token, expires }
  }

  /** Whether the account may be sent another mail of this purpose in this window. */
  async mayMail(userId: number, purpose: TokenPurpose) {
    return (await this.d.repo.countRecentTokens(userId, purpose, this.clock() - MAIL_WINDOW_MS)) < MAILS_PER_WINDOW
  }

  async verification(channel: ChannelRow, user: UserRow, origin: string) {
    const { token, expires } = await this.newLink(user.id, 'verify')
    const url = `${origin}/verify-email?${new URLSearchParams({ email: user.email, expires: String(expires), signature: token })}`
    await this.d.mailer.send(verificationMail(await this.mailChannel(channel), user.email, url))
  }

  /** A sign-up with an address already verified: where to sign in or reset the password instead. */
  async alreadyRegistered(channel: ChannelRow, user: UserRow, origin: string) {
    await this.d.mailer.send(
      alreadyRegisteredMail(
        await this.mailChannel(channel),
        user.email,
        `${origin}/login`,
        `${origin}/password-reset-request`,
      ),
    )
  }

  async passwordReset(channel: ChannelRow, user: UserRow, origin: string) {
    const { token } = await this.newLink(user.id, 'reset')
    const url = `${origin}/password-reset?${new URLSearchParams({ email: user.email, token })}`
    await this.d.mailer.send(passwordResetMail(await this.mailChannel(channel), user.email, url))
  }

  async deletion(channel: ChannelRow, user: UserRow, origin: string) {
    const { token, expires } = await this.newLink(user.id, 'delete')
    const url = `${origin}/confirm-account-deletion?${new URLSearchParams({ email: user.email, expires: String(expires), signature: token })}`
    await this.d.mailer.send(deletionMail(await this.mailChannel(channel), user.email, url))
  }
}
