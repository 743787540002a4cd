import {
  AdminIdParamsSchema,
  AdminMeSchema,
  AdminOperatorSchema,
  adminListOf,
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
import type { OperatorsService } from './operators.service.js'

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

  app.get(
    '/api/admin/me',
    { config: { admin: 'self-setup' }, schema: { tags, response: { 200: dataOf(AdminMeSchema) } } },
    async (req) => ({ data: await operators.me(req.session, req.operator) }),
  )
  app.post(
    '/api/admin/me/totp',
    { config: { admin: 'self-setup' }, schema: { tags, response: { 200: dataOf(TotpSetupSchema) } } },
    async (req) => ({ data: await operators.totpSetup(req.session, req.operator) }),
  )
  app.post(
    '/api/admin/me/totp/confirm',
    { config: { admin: 'self-setup', ...codeLimit }, schema: { tags, body: TotpCodeSchema } },
    async (req, reply) => {
      await operators.totpConfirm(req.operator, req.body.code)
      return reply.code(204).send()
    },
  )
  app.post(
    '/api/admin/me/totp/verify',
    { config: { admin: 'self-setup', ...codeLimit }, schema: { tags, body: TotpCodeSchema } },
    async (req, reply) => {
      await operators.totpVerify(req.operator, req.body.code)
      return reply.code(204).send()
    },
  )
  app.delete(
    '/api/admin/me/totp',
    { config: { admin: 'self', ...codeLimit }, schema: { tags, body: TotpCodeSchema } },
    async (req, reply) => {
      await operators.totpDisable(req.operator, req.body.code)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/admin/operators',
    {
      config: { admin: { resource: 'operators', action: 'read' } },
      schema: { tags, response: { 200: adminListOf(AdminOperatorSchema) } },
    },
    async (req) => {
      const data = await operators.list(req.operator)
      return { data, meta: { total: data.length, offset: 0, limit: null } }
    },
  )
  app.get(
    '/api/admin/operators/:id',
    {
      config: { admin: { resource: 'operators', action: 'read' } },
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminOperatorSchema) } },
    },
    async (req) => ({ data: await operators.get(req.operator, req.params.id) }),
  )
  app.post(
    '/api/admin/operators',
    {
      config: { admin: { resource: 'operators', action: 'invite' } },
      schema: { tags, body: OperatorInviteSchema, response: { 201: dataOf(OperatorInvitationSchema) } },
    },
    async (req, reply) => {
      const { link: _sentByMail, ...invitation } = await operators.invite(
        req.session.channel,
        req.body,
        req.operator,
        await origin(req),
      )
      reply.code(201)
      return { data: invitation }
    },
  )
  app.patch(
    '/api/admin/operators/:id',
    {
      config: { admin: { resource: 'operators', action: 'update' } },
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: OperatorUpdateSchema,
        response: { 200: dataOf(AdminOperatorSchema) },
      },
    },
    async (req) => ({ data: (await operators.changeRole(req.operator, req.params.id, req.body.role)) as never }),
  )
  app.delete(
    '/api/admin/operators/:id',
    { config: { admin: { resource: 'operators', action: 'delete' } }, schema: { tags, params: AdminIdParamsSchema } },
    async (req, reply) => {
      await operators.changeRole(req.operator, req.params.id, null)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/admin/operator-invitations',
    {
      config: { admin: { resource: 'operators', action: 'read' } },
      schema: { tags, response: { 200: adminListOf(PendingInvitationSchema) } },
    },
    async (req) => {
      const data = await operators.pendingInvitations(req.operator)
      return { data, meta: { total: data.length, offset: 0, limit: null } }
    },
  )
  app.delete(
    '/api/admin/operator-invitations/:id',
    { config: { admin: { resource: 'operators', action: 'delete' } }, schema: { tags, params: AdminIdParamsSchema } },
    async (req, reply) => {
      await operators.revokeInvitation(req.operator, req.params.id)
      return reply.code(204).send()
    },
  )

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
