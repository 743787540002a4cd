import type { IncomingMessage } from 'node:http'
import { dataOf, OwnerMediaSchema, UploadSchema, uploadMessages } from '@fieldhouse/contract'
import type { FileStore } from '@tus/file-store'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleOperator, type Operator } from '../../lib/operator.js'
import { createTusServer, TUS_ID, UPLOADS_PATH } from './tus-uploads.js'
import type { UploadsService } from './uploads.service.js'

const tags = ['console: media']
const UploadParams = z.object({ id: z.string().regex(TUS_ID, 'Unknown upload') })
const OwnerParams = z.object({ id: z.coerce.number().int().positive() })
const TUS_VERSION = '1.0.0'

/**
 * Console uploads (decision 20): the tus protocol under `/api/admin/uploads` (POST creates, HEAD
 * tells the offset, PATCH appends, DELETE cancels), `GET /api/admin/uploads/{id}` for the upload's
 * state and its encode's progress, an event's, VOD item's or pre-roll's videos, and deleting one. Each request is
 * checked here (operator, role, channel) before the tus server sees it.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService
  datastore: FileStore
  maxBytes: number
}> = async (app, { uploads, datastore, maxBytes }) => {
  const operatorOf = consoleOperator
  const may = (action: 'read' | 'create' | 'delete') => ({ admin: { resource: 'uploads' as const, action } })
  /** What the route checked of each request tus is handed: the operator, and the one upload it may touch. */
  const checked = new WeakMap<IncomingMessage, { op: Operator; id: string | null }>()
  const tus = createTusServer({
    datastore,
    maxBytes,
    uploads,
    operatorOf: (req) => checked.get(req)?.op,
    uploadOf: (req) => checked.get(req)?.id ?? undefined,
  })

  // tus reads the body itself, from the raw request, as it streams in.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null, undefined))

  /**
   * tus sees only what the route checked: the canonical path of the one upload (none for a creation),
   * no query, no method override; its id resolver answers that id alone.
   */
  const handOver = async (req: FastifyRequest, reply: FastifyReply, op: Operator, id: string | null) => {
    checked.set(req.raw, { op, id })
    req.raw.url = id === null ? UPLOADS_PATH : `${UPLOADS_PATH}/${id}`
    delete req.raw.headers['x-http-method-override']
    reply.hijack()
    await tus.handle(req.raw, reply.raw)
  }

  // A tus URL is exactly an upload's path (its key in the Authorization header): a query or a method
  // override names something else. Refused first, before the upload, the role or the input is looked at.
  const canonicalOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers['x-http-method-override'] !== undefined) {
      return reply
        .code(405)
        .header('allow', 'POST, HEAD, PATCH, DELETE')
        .send({ message: uploadMessages.methodOverride })
    }
    if (req.raw.url?.includes('?')) return reply.code(404).send({ message: 'Unknown upload' })
  }

  app.post(
    UPLOADS_PATH,
    { config: may('create'), onRequest: canonicalOnly, schema: { tags, hide: true } },
    async (req, reply) => handOver(req, reply, operatorOf(req), null),
  )

  app.patch(
    `${UPLOADS_PATH}/:id`,
    { config: may('create'), onRequest: canonicalOnly, schema: { tags, hide: true, params: UploadParams } },
    async (req, reply) => {
      const op = operatorOf(req)
      await uploads.mayWrite(op, req.params.id, Number(req.headers['upload-offset']))
      return handOver(req, reply, op, req.params.id)
    },
  )

  app.head(
    `${UPLOADS_PATH}/:id`,
    { config: may('read'), onRequest: canonicalOnly, schema: { tags, hide: true, params: UploadParams } },
    async (req, reply) => {
      const op = operatorOf(req)
      const row = await uploads.mayTouch(op, req.params.id, 'read')
      if (row.status === 'uploading') return handOver(req, reply, op, row.id)
      // Complete: its bytes left the tus store; a client resuming it learns it has nothing left to send.
      return reply
        .code(200)
        .headers({
          'tus-resumable': TUS_VERSION,
          'upload-offset': String(row.size),
          'upload-length': String(row.size),
          'cache-control': 'no-store',
        })
        .send()
    },
  )

  app.delete(
    `${UPLOADS_PATH}/:id`,
    { config: may('delete'), onRequest: canonicalOnly, schema: { tags, params: UploadParams } },
    async (req, reply) => {
      await uploads.cancel(operatorOf(req), req.params.id)
      return reply.code(204).header('tus-resumable', TUS_VERSION).send()
    },
  )

  app.get(
    `${UPLOADS_PATH}/:id`,
    {
      exposeHeadRoute: false,
      config: may('read'),
      schema: { tags, params: UploadParams, response: { 200: dataOf(UploadSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await uploads.get(operatorOf(req), req.params.id) }
    },
  )

  const ownerMedia =
    (target: 'event' | 'vod' | 'preroll') =>
    async (req: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store')
      return { data: await uploads.ownerMedia(operatorOf(req), target, req.params.id) }
    }
  const ownerSchema = {
    config: may('read'),
    schema: { tags, params: OwnerParams, response: { 200: dataOf(OwnerMediaSchema) } },
  }
  app.get('/api/admin/events/:id/media', ownerSchema, ownerMedia('event'))
  app.get('/api/admin/vod-media-items/:id/media', ownerSchema, ownerMedia('vod'))
  // A pre-roll's video is the pre-roll's: the pre-roll rights answer (uploads' are checked too).
  app.get(
    '/api/admin/prerolls/:id/media',
    { ...ownerSchema, config: { admin: { resource: 'prerolls' as const, action: 'read' as const } } },
    ownerMedia('preroll'),
  )

  app.delete(
    '/api/admin/media/:id',
    { config: may('delete'), schema: { tags, params: OwnerParams } },
    async (req, reply) => {
      await uploads.deleteAsset(operatorOf(req), req.params.id)
      return reply.code(204).send()
    },
  )
}
