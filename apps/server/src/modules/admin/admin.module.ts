import type { FastifyPluginAsync } from 'fastify'
import type { ChannelRow } from '../../db/schema.js'
import type { TxtLookup } from '../../lib/dns-txt.js'
import type { Mailer } from '../../lib/mailer.js'
import type { MediaStore } from '../../lib/media-store/media-store.js'
import { LoginThrottle } from '../accounts/login-throttle.js'
import type { AdminRepository } from './admin.repository.js'
import { adminRoutes } from './admin.routes.js'
import { AdminService, type MediaOwner } from './admin.service.js'
import { AdminImages } from './admin-images.js'
import type { AuditRepository } from './audit.repository.js'
import type { DomainsRepository } from './domains.repository.js'
import { domainsRoutes } from './domains.routes.js'
import { DomainsService } from './domains.service.js'
import type { OperatorsRepository } from './operators.repository.js'
import { operatorsRoutes } from './operators.routes.js'
import { type OperatorAccounts, OperatorsService } from './operators.service.js'
import type { PassesFormRepository } from './passes-form.repository.js'
import { PassesFormService } from './passes-form.service.js'
import { TotpCodec } from './totp.js'

/** What the console's services are built from (the container fills it). */
export interface AdminDeps {
  repo: AdminRepository
  audit: AuditRepository
  operatorsRepo: OperatorsRepository
  passesFormRepo: PassesFormRepository
  domainsRepo: DomainsRepository
  /** TXT look-ups of a domain's verification record (decision 0041). */
  lookupTxt: TxtLookup
  accounts: OperatorAccounts
  mailer: Mailer
  store: () => MediaStore
  /** The server secret the TOTP secrets are encrypted under (HKDF-derived). */
  serverSecret: Buffer
  /** Wrong second-factor codes an operator may send in 15 minutes. */
  maxCodeFailures: number
  /** Caches of the channel drop what they hold after a console write. */
  changed: (channelId: number) => Promise<void>
  /** An owner's videos and clips' files, removed after its row (see AdminService). */
  mediaOf: (channelId: number, owner: MediaOwner) => Promise<() => Promise<void>>
  mailColor: (channel: ChannelRow) => Promise<string>
  clock: () => number
}

/**
 * The operator console's services (decision 0018):
 * - `service`: channel, settings, colours, content, catalogue and the audit log;
 * - `images`: uploaded images in the media store;
 * - `operators`: roles, invitations, the operator gate and the second factor;
 * - `passesForm`: the passes custom form (decision 0023);
 * - `domains`: the channel's domains and their verification (decision 0041).
 */
function createAdmin(d: AdminDeps) {
  return {
    service: new AdminService({ repo: d.repo, audit: d.audit, changed: d.changed, mediaOf: d.mediaOf, clock: d.clock }),
    images: new AdminImages({ store: d.store, audit: (record) => d.audit.add(record), clock: d.clock }),
    operators: new OperatorsService({
      repo: d.operatorsRepo,
      accounts: d.accounts,
      mailer: d.mailer,
      totp: new TotpCodec(d.serverSecret),
      codeThrottle: new LoginThrottle({ maxFailures: d.maxCodeFailures, windowMs: 15 * 60_000, now: d.clock }),
      mailColor: d.mailColor,
      clock: d.clock,
    }),
    passesForm: new PassesFormService({ repo: d.passesFormRepo, clock: d.clock }),
    domains: new DomainsService({ repo: d.domainsRepo, lookupTxt: d.lookupTxt, clock: d.clock }),
  }
}
export type Admin = ReturnType<typeof createAdmin>

/**
 * The console's HTTP side: channel, settings, content and images; the channel's domains (a Verify is a
 * DNS look-up: `verifyRateLimitMax` a minute per key, decision 0041); operators, invitations and the second factor.
 */
const adminHttp: FastifyPluginAsync<{
  admin: Admin
  verifyRateLimitMax: number
  operators: Omit<Parameters<typeof operatorsRoutes>[1], 'operators'>
}> = async (app, { admin, verifyRateLimitMax, operators }) => {
  await app.register(adminRoutes, { admin: admin.service, images: admin.images, passesForm: admin.passesForm })
  await app.register(domainsRoutes, { domains: admin.domains, verifyRateLimitMax })
  await app.register(operatorsRoutes, { operators: admin.operators, ...operators })
}

/** What the container and the app take of the admin module: `build` (the container's `admin`) and `routes`. */
export const adminModule = { build: createAdmin, routes: adminHttp }
