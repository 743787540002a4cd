import {
  AdminChannelSchema,
  AdminChannelUpdateSchema,
  type AdminCollection,
  AdminColorSettingsSchema,
  AdminColorSettingsUpdateSchema,
  AdminIdParamsSchema,
  AdminImageLimits,
  AdminImageSchema,
  AdminInputSchemas,
  AdminItemSchemas,
  AdminListQuerySchema,
  AdminPassesFormSchema,
  AdminPassesFormUpdateSchema,
  AdminSettingsSchema,
  AdminSettingsUpdateSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  adminListOf,
  adminUpdateSchemaOf,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AdminService } from './admin.service.js'
import type { AdminImages } from './admin-images.js'
import type { PassesFormService } from './passes-form.service.js'

const tags = ['admin']

/**
 * `/api/admin/{resource}`: the console's channel content, catalogue and audit log. Each route declares
 * its resource and action; the session plugin's operator gate asks the rule table before the handler
 * runs, and the service scopes everything to the operator's channel.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService
  images: AdminImages
  passesForm: PassesFormService
}> = async (app, { admin, images, passesForm }) => {
  // Images come as their own bytes (`Content-Type: image/png` …), at most 5 MB; other types are a 415.
  app.addContentTypeParser(
    [...AdminImageLimits.types],
    { parseAs: 'buffer', bodyLimit: AdminImageLimits.maxBytes },
    (_req, body, done) => done(null, body),
  )
  app.post(
    '/api/admin/images',
    {
      config: { admin: { resource: 'uploads', action: 'create' } },
      schema: { tags, response: { 201: dataOf(AdminImageSchema) } },
    },
    async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const saved = await images.save(req.operator, req.headers['content-type']?.split(';')[0]?.trim(), body)
      reply.code(201)
      return { data: saved }
    },
  )
  app.get('/media/i/:channel/:file', { schema: { hide: true } }, async (req, reply) => {
    const { channel, file } = req.params as { channel: string; file: string }
    const found = await images.read(channel, file)
    if (!found) return reply.code(404).send({ message: 'Not found.' })
    return reply
      .header('content-type', found.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.bytes)
  })

  // Singletons: GET and PATCH /api/admin/{resource}.
  app.get(
    '/api/admin/channel',
    {
      config: { admin: { resource: 'channel', action: 'read' } },
      schema: { tags, response: { 200: dataOf(AdminChannelSchema) } },
    },
    async (req) => ({ data: await admin.channel(req.operator) }),
  )
  app.patch(
    '/api/admin/channel',
    {
      config: { admin: { resource: 'channel', action: 'update' } },
      schema: { tags, body: AdminChannelUpdateSchema, response: { 200: dataOf(AdminChannelSchema) } },
    },
    async (req) => ({ data: await admin.updateChannel(req.operator, req.body) }),
  )
  app.get(
    '/api/admin/settings',
    {
      config: { admin: { resource: 'settings', action: 'read' } },
      schema: { tags, response: { 200: dataOf(AdminSettingsSchema) } },
    },
    async (req) => ({ data: await admin.settings(req.operator) }),
  )
  app.patch(
    '/api/admin/settings',
    {
      config: { admin: { resource: 'settings', action: 'update' } },
      schema: { tags, body: AdminSettingsUpdateSchema, response: { 200: dataOf(AdminSettingsSchema) } },
    },
    async (req) => ({ data: await admin.updateSettings(req.operator, req.body) }),
  )
  app.get(
    '/api/admin/color-settings',
    {
      config: { admin: { resource: 'color-settings', action: 'read' } },
      schema: { tags, response: { 200: dataOf(AdminColorSettingsSchema) } },
    },
    async (req) => ({ data: await admin.colors(req.operator) }),
  )
  app.patch(
    '/api/admin/color-settings',
    {
      config: { admin: { resource: 'color-settings', action: 'update' } },
      schema: { tags, body: AdminColorSettingsUpdateSchema, response: { 200: dataOf(AdminColorSettingsSchema) } },
    },
    async (req) => ({ data: await admin.updateColors(req.operator, req.body) }),
  )

  // The passes custom form (decision 0023): on or off, its extra fields, how many viewers answered.
  app.get(
    '/api/admin/custom-forms/passes',
    {
      config: { admin: { resource: 'custom-forms', action: 'read' } },
      schema: { tags, response: { 200: dataOf(AdminPassesFormSchema) } },
    },
    async (req) => ({ data: await passesForm.get(req.operator) }),
  )
  app.patch(
    '/api/admin/custom-forms/passes',
    {
      config: { admin: { resource: 'custom-forms', action: 'update' } },
      schema: { tags, body: AdminPassesFormUpdateSchema, response: { 200: dataOf(AdminPassesFormSchema) } },
    },
    async (req) => ({ data: await passesForm.update(req.operator, req.body) }),
  )

  // Collections: list, read, create, update, delete.
  for (const resource of Object.keys(AdminInputSchemas) as AdminCollection[]) {
    const item = AdminItemSchemas[resource]
    const base = `/api/admin/${resource}`
    app.get(
      base,
      {
        config: { admin: { resource, action: 'read' } },
        schema: { tags, querystring: AdminListQuerySchema, response: { 200: adminListOf(item) } },
      },
      async (req) => (await admin.list(req.operator, resource, req.query)) as never,
    )
    app.get(
      `${base}/:id`,
      {
        config: { admin: { resource, action: 'read' } },
        schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(item) } },
      },
      async (req) => ({ data: (await admin.get(req.operator, resource, req.params.id)) as never }),
    )
    app.post(
      base,
      {
        config: { admin: { resource, action: 'create' } },
        schema: { tags, body: AdminInputSchemas[resource], response: { 201: dataOf(item) } },
      },
      async (req, reply) => {
        reply.code(201)
        return { data: (await admin.create(req.operator, resource, req.body)) as never }
      },
    )
    app.patch(
      `${base}/:id`,
      {
        config: { admin: { resource, action: 'update' } },
        schema: {
          tags,
          params: AdminIdParamsSchema,
          body: adminUpdateSchemaOf(resource),
          response: { 200: dataOf(item) },
        },
      },
      async (req) => ({ data: (await admin.update(req.operator, resource, req.params.id, req.body)) as never }),
    )
    app.delete(
      `${base}/:id`,
      { config: { admin: { resource, action: 'delete' } }, schema: { tags, params: AdminIdParamsSchema } },
      async (req, reply) => {
        await admin.remove(req.operator, resource, req.params.id)
        return reply.code(204).send()
      },
    )
  }

  app.get(
    '/api/admin/audit-log',
    {
      config: { admin: { resource: 'audit-log', action: 'read' } },
      schema: { tags, querystring: AuditQuerySchema, response: { 200: adminListOf(AuditEntrySchema) } },
    },
    async (req) => admin.auditLog(req.operator, req.query),
  )
}
