import {
  AdminMeSchema,
  AdminOperatorSchema,
  dataOf,
  InvitationAcceptedSchema,
  InvitationAcceptSchema,
  InvitationViewSchema,
  OperatorInvitationSchema,
  OperatorInviteSchema,
  OperatorUpdateSchema,
  PendingInvitationSchema,
  TotpCodeSchema,
  TotpSetupSchema,
} from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleRoutes, wholeList } from '../../lib/console-routes.js'
import type { Operator, OperatorsService } from './operators.service.js'

const tags = ['admin']
const TokenParams = z.object({ token: z.string().min(20).max(100) })

/** The operator's own page and second factor, the channel's operators, and the invitation links. */
export const operatorsRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService
  /** The channel's own address when the request came to it, else the public URL (links in mails). */
  origin: (req: FastifyRequest) => Promise<string>
  /** Tight limit for second-factor codes and invitation accepts (per address). */
  codeRateLimitMax: number
}> = async (app, { operators, origin, codeRateLimitMax }) => {
  const codeLimit = { rateLimit: { max: codeRateLimitMax, timeWindow: 60_000 } }

  const routes = consoleRoutes(app, { tags, operator: (req) => req.operator })
  routes.route({
    method: 'GET',
    url: '/api/admin/me',
    admin: 'self-setup',
    item: AdminMeSchema,
    run: (op, _, req) => operators.me(req.session, op),
  })
  routes.route({
    method: 'POST',
    url: '/api/admin/me/totp',
    admin: 'self-setup',
    item: TotpSetupSchema,
    run: (op, _, req) => operators.totpSetup(req.session, op),
  })
  // The second factor's code: to confirm it, to pass it, and (any role) to switch it off.
  for (const [method, url, admin, check] of [
    [
      'POST',
      '/api/admin/me/totp/confirm',
      'self-setup',
      (op: Operator, code: string) => operators.totpConfirm(op, code),
    ],
    ['POST', '/api/admin/me/totp/verify', 'self-setup', (op: Operator, code: string) => operators.totpVerify(op, code)],
    ['DELETE', '/api/admin/me/totp', 'self', (op: Operator, code: string) => operators.totpDisable(op, code)],
  ] as const) {
    const run = (op: Operator, { body }: { body: { code: string } }) => check(op, body.code)
    routes.route({ method, url, admin, rateLimit: codeLimit.rateLimit, body: TotpCodeSchema, run })
  }

  routes.crud({
    base: '/api/admin/operators',
    resource: 'operators',
    item: AdminOperatorSchema,
    list: { run: async (op) => wholeList(await operators.list(op)) },
    read: (op, id) => operators.get(op, id),
    create: {
      action: 'invite',
      body: OperatorInviteSchema,
      item: OperatorInvitationSchema,
      run: async (op, body, req) => {
        const { link: _sentByMail, ...invitation } = await operators.invite(
          req.session.channel,
          body,
          op,
          await origin(req),
        )
        return invitation
      },
    },
    update: { body: OperatorUpdateSchema, run: (op, id, body) => operators.changeRole(op, id, body.role) },
    remove: (op, id) => operators.changeRole(op, id, null),
  })
  routes.crud({
    base: '/api/admin/operator-invitations',
    resource: 'operators',
    item: PendingInvitationSchema,
    list: { run: async (op) => wholeList(await operators.pendingInvitations(op)) },
    remove: (op, id) => operators.revokeInvitation(op, id),
  })

  // The invitation link's page: any visitor of the channel with the link (no role yet).
  app.get(
    '/api/admin/invitations/:token',
    {
      config: codeLimit,
      schema: { tags, params: TokenParams, response: { 200: dataOf(InvitationViewSchema) } },
    },
    async (req) => ({ data: await operators.viewInvitation(req.session, req.params.token) }),
  )
  app.post(
    '/api/admin/invitations/:token/accept',
    {
      config: codeLimit,
      schema: {
        tags,
        params: TokenParams,
        body: InvitationAcceptSchema,
        response: { 200: dataOf(InvitationAcceptedSchema) },
      },
    },
    async (req) => ({ data: await operators.accept(req.session, req.params.token, req.body) }),
  )
}
