import fs from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import { AppError } from '../../lib/errors.js'
import type { Operator } from '../../lib/operator.js'
import type { UploadBytes, UploadsService } from './uploads.service.js'

/** The path tus serves under; an upload's URL is `{UPLOADS_PATH}/{id}`. */
export const UPLOADS_PATH = '/api/admin/uploads'

/** tus ids: 32 hex characters (tus's own naming), nothing a path could be made of. */
export const TUS_ID = /^[a-f0-9]{32}$/

/** The tus file store of uploads in progress: files in `dir`, named by their id, each with a `.json` record. */
export function uploadStore(dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  return new FileStore({ directory: dir })
}

/** The bytes of uploads in progress, as the uploads service sees them. */
export function uploadBytes(dir: string, store: FileStore): UploadBytes {
  const file = (id: string) => {
    if (!TUS_ID.test(id)) throw new Error(`not an upload id: ${id}`)
    return path.join(dir, id)
  }
  return {
    offset: (id) =>
      store.getUpload(id).then(
        (u) => u.offset,
        () => null,
      ),
    file,
    async remove(id) {
      await fs.promises.rm(file(id), { force: true })
      await fs.promises.rm(`${file(id)}.json`, { force: true })
    },
  }
}

/** A refusal tus sends as it is: the status and our `{ message, errors }` body. */
const tusError = (error: unknown) => {
  if (error instanceof AppError) {
    return { status_code: error.statusCode, body: JSON.stringify({ message: error.message, errors: error.errors }) }
  }
  throw error
}

/**
 * The tus server (resumable uploads, tus 1.0) over a file store in DATA_DIR/uploads: a dropped
 * connection or a restart loses nothing received, the client asks the offset (HEAD) and goes on.
 * The operator was checked by the route before tus saw the request, and is handed over through
 * `operatorOf(req)`; creation and completion are the uploads service's.
 */
export function createTusServer(opts: {
  datastore: FileStore
  maxBytes: number
  uploads: UploadsService
  operatorOf: (req: IncomingMessage) => Operator | undefined
  /** The one upload the route checked for this request (none for a creation): tus touches no other. */
  uploadOf: (req: IncomingMessage) => string | undefined
}) {
  return new Server({
    path: UPLOADS_PATH,
    datastore: opts.datastore,
    maxSize: opts.maxBytes,
    relativeLocation: true,
    // Never read from the URL: a request whose route checked no upload names none.
    getFileIdFromRequest: (req) => opts.uploadOf(req),
    // A finished upload is the uploads service's to remove (it moved the file away).
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, res, upload) {
      const op = opts.operatorOf(req)
      if (!op) throw { status_code: 401, body: '{"message":"Unauthorized."}' }
      await opts.uploads.begin(op, upload.id, upload.size, upload.metadata ?? {}).catch((e) => {
        throw tusError(e)
      })
      return res
    },
    async onUploadFinish(req, res, upload) {
      const op = opts.operatorOf(req)
      if (!op || opts.uploadOf(req) !== upload.id) throw { status_code: 404, body: '{"message":"Unknown upload"}' }
      await opts.uploads.complete(upload.id, op).catch((e) => {
        throw tusError(e)
      })
      return res
    },
    async onIncomingRequest(req, _res, id) {
      if (req.method === 'PATCH' && TUS_ID.test(id) && id === opts.uploadOf(req)) await opts.uploads.touched(id)
    },
  })
}
