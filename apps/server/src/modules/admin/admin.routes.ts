import {
  AdminChannelSchema,
  AdminChannelUpdateSchema,
  type AdminCollection,
  AdminColorSettingsSchema,
  AdminColorSettingsUpdateSchema,
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
  adminUpdateSchemaOf,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
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

  const routes = consoleRoutes(app, { tags, operator: (req) => req.operator })
  // Singletons: GET and PATCH /api/admin/{resource}.
  routes.singleton({
    url: '/api/admin/channel',
    resource: 'channel',
    item: AdminChannelSchema,
    read: (op) => admin.channel(op),
    update: { body: AdminChannelUpdateSchema, run: (op, body) => admin.updateChannel(op, body) },
  })
  routes.singleton({
    url: '/api/admin/settings',
    resource: 'settings',
    item: AdminSettingsSchema,
    read: (op) => admin.settings(op),
    update: { body: AdminSettingsUpdateSchema, run: (op, body) => admin.updateSettings(op, body) },
  })
  routes.singleton({
    url: '/api/admin/color-settings',
    resource: 'color-settings',
    item: AdminColorSettingsSchema,
    read: (op) => admin.colors(op),
    update: { body: AdminColorSettingsUpdateSchema, run: (op, body) => admin.updateColors(op, body) },
  })

  // The passes custom form (decision 0023): on or off, its extra fields, how many viewers answered.
  routes.singleton({
    url: '/api/admin/custom-forms/passes',
    resource: 'custom-forms',
    item: AdminPassesFormSchema,
    read: (op) => passesForm.get(op),
    update: { body: AdminPassesFormUpdateSchema, run: (op, body) => passesForm.update(op, body) },
  })

  // Collections: list, read, create, update, delete.
  for (const resource of Object.keys(AdminInputSchemas) as AdminCollection[]) {
    routes.crud({
      base: `/api/admin/${resource}`,
      resource,
      item: AdminItemSchemas[resource],
      list: { query: AdminListQuerySchema, run: (op, query) => admin.list(op, resource, query) },
      read: (op, id) => admin.get(op, resource, id),
      create: { body: AdminInputSchemas[resource], run: (op, body) => admin.create(op, resource, body) },
      update: { body: adminUpdateSchemaOf(resource), run: (op, id, body) => admin.update(op, resource, id, body) },
      remove: (op, id) => admin.remove(op, resource, id),
    })
  }

  routes.route({
    method: 'GET',
    url: '/api/admin/audit-log',
    admin: { resource: 'audit-log', action: 'read' },
    querystring: AuditQuerySchema,
    list: AuditEntrySchema,
    run: (op, { query }) => admin.auditLog(op, query),
  })
}
