import { type AdminDomain, AdminDomainCreateSchema, MAX_CHANNEL_DOMAINS } from '@fieldhouse/contract'
import type { TxtLookup } from '../../lib/dns-txt.js'
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js'
import { parseInput } from '../../lib/parse-input.js'
import { newToken } from '../../lib/secrets.js'
import type { AuditRecord } from './audit.repository.js'
import type { DomainRow, DomainsRepository } from './domains.repository.js'
import type { Operator } from './operators.service.js'

/** The DNS name whose TXT record proves a domain: its host name (no port) under this label. */
export const CHALLENGE_LABEL = '_fieldhouse-challenge'
/** A domain's record is looked up at most this often (every process together): DNS is not ours to hammer. */
export const CHECK_SPACING_MS = 10_000

export const challengeName = (host: string) => `${CHALLENGE_LABEL}.${host.replace(/:\d+$/, '')}`

/** The console's words about domains (ours; the spec has no console). */
export const domainMessages = {
  exists: 'This channel has this domain already.',
  full: `A channel has at most ${MAX_CHANNEL_DOMAINS} domains: remove one first.`,
  servedByOther: (host: string) => `Another channel serves ${host}`,
  lastVerified: 'A channel keeps at least one verified domain: verify another one first.',
  missing: (name: string) =>
    `No TXT record was found at ${name}. Create it with the value shown, then verify again (a new record can take a few minutes to show).`,
  wrong: (name: string) =>
    `The TXT record at ${name} holds another value. Set it to the value shown, then verify again.`,
  unanswered: (name: string) => `The DNS did not answer for ${name}. Try again in a minute.`,
  tooSoon: (seconds: number) => `This domain was checked a moment ago. Try again in ${seconds} s.`,
  takenMeanwhile: 'Another channel verified this domain first.',
} as const

/**
 * The channel's domains (decision 0041): an owner adds one (pending, it serves nothing), proves it with
 * a TXT record at its DNS and verifies it, or removes one. Only verified domains serve the channel and
 * its mails' links. The route's role was checked by the operator gate (owners only write); every read
 * and write is scoped to the operator's channel and written to the audit log with the change.
 */
export class DomainsService {
  constructor(
    private readonly d: {
      repo: DomainsRepository
      lookupTxt: TxtLookup
      clock: () => number
    },
  ) {}

  private record(op: Operator, action: string): AuditRecord {
    return {
      channel_id: op.channelId,
      user_id: op.userId,
      user_email: op.email,
      resource: 'domains',
      action,
      created_at: this.d.clock(),
    }
  }

  async list(op: Operator): Promise<AdminDomain[]> {
    const rows = await this.d.repo.list(op.channelId)
    const primary = rows.find((r) => r.verified_at !== null)?.id
    return rows.map((r) => present(r, r.id === primary))
  }

  private async one(op: Operator, id: number): Promise<AdminDomain> {
    const found = (await this.list(op)).find((d) => d.id === id)
    if (!found) throw notFound('domain')
    return found
  }

  async add(op: Operator, body: unknown): Promise<AdminDomain> {
    const { host } = parseInput(AdminDomainCreateSchema, body)
    if (await this.d.repo.servedByOther(op.channelId, host))
      throw invalid({ host: [domainMessages.servedByOther(host)] })
    const added = await this.d.repo.add(op.channelId, host, newToken(), MAX_CHANNEL_DOMAINS, this.record(op, 'create'))
    if (added === 'full') throw invalid({ host: [domainMessages.full] }, domainMessages.full)
    if (added === 'exists') throw invalid({ host: [domainMessages.exists] }, domainMessages.exists)
    return this.one(op, added.id)
  }

  /**
   * Looks the domain's TXT record up and, when it holds the domain's value, marks it verified. A
   * verified domain answers as it is; a check within CHECK_SPACING_MS of the last is a 429.
   */
  async verify(op: Operator, id: number): Promise<AdminDomain> {
    const row = await this.d.repo.find(op.channelId, id)
    if (!row) throw notFound('domain')
    if (row.verified_at !== null) return this.one(op, id)
    const now = this.d.clock()
    if (!(await this.d.repo.claimCheck(op.channelId, id, now, CHECK_SPACING_MS))) {
      const wait = Math.max(1, Math.ceil((Number(row.checked_at ?? now) + CHECK_SPACING_MS - now) / 1000))
      throw new AppError(429, domainMessages.tooSoon(wait), undefined, { 'retry-after': String(wait) })
    }
    const name = challengeName(row.host)
    const answer = await this.d.lookupTxt(name)
    if (answer.kind === 'unanswered')
      throw invalid({ host: [domainMessages.unanswered(name)] }, domainMessages.unanswered(name))
    if (answer.kind === 'none') throw invalid({ host: [domainMessages.missing(name)] }, domainMessages.missing(name))
    if (!answer.values.some((v) => v.trim() === row.challenge))
      throw invalid({ host: [domainMessages.wrong(name)] }, domainMessages.wrong(name))
    const verified = await this.d.repo.markVerified(op.channelId, id, this.d.clock(), this.record(op, 'verify'))
    if (verified === 'gone') throw notFound('domain')
    if (verified === 'taken') throw conflict(domainMessages.takenMeanwhile, { host: [domainMessages.takenMeanwhile] })
    return this.one(op, id)
  }

  async remove(op: Operator, id: number): Promise<void> {
    const removed = await this.d.repo.remove(op.channelId, id, this.record(op, 'delete'))
    if (removed === 'gone') throw notFound('domain')
    if (removed === 'last-verified') throw conflict(domainMessages.lastVerified)
  }
}

function present(row: DomainRow, primary: boolean): AdminDomain {
  const pending = row.verified_at === null
  return {
    id: row.id,
    host: row.host,
    state: pending ? 'pending' : 'verified',
    primary,
    verified_at: row.verified_at === null ? null : Number(row.verified_at),
    checked_at: row.checked_at === null ? null : Number(row.checked_at),
    record: pending && row.challenge ? { type: 'TXT', name: challengeName(row.host), value: row.challenge } : null,
    created_at: Number(row.created_at),
  }
}
