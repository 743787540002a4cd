import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { messages } from '@fieldhouse/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { COMPRESS_THRESHOLD, chooseEncoding, encoded, type SerializedBody } from '../lib/compressed-body.js'

/** Pages with a head kept at once (per channel's home page, per watch page's poster); all dropped past it. */
const MAX_PAGES = 1000

/**
 * The built web app, served by the same process (design §1): hashed assets with a year's cache,
 * brotli or gzip precompressed at build when the client takes it,
 * and `index.html` for every other non-/api GET so history-mode routes (and an optional base-path
 * segment) load the app. Unknown /api paths answer JSON 404.
 */
export default fp(
  async (
    app: FastifyInstance,
    opts: {
      webDist: string
      mediaDir: string
      /** The page policy for the app's page on this host when it differs from the default one. */
      pagePolicyFor?: (host: string, url: string) => Promise<string | null>
      /**
       * Tags for the page's head on this path (the largest paint's preload, a shared clip's preview),
       * already escaped; null for none. `host` keeps its port.
       */
      headFor?: (host: string, url: string) => Promise<string | null>
    },
  ) => {
    const indexFile = path.join(opts.webDist, 'index.html')
    const hasWebApp = fs.existsSync(indexFile)
    if (!hasWebApp) app.log.warn({ webDist: opts.webDist }, 'web app not built: run `npm run build`')
    // The page with each head written into it, made (and compressed, per encoding) once: the home page
    // and the watch pages are the busiest. Read again when a build replaced index.html.
    let index: { text: string; mtimeMs: number; pages: Map<string, SerializedBody> } | null = null
    const pageWith = async (head: string): Promise<SerializedBody> => {
      const { mtimeMs } = await fs.promises.stat(indexFile)
      if (index?.mtimeMs !== mtimeMs) {
        index = { text: await fs.promises.readFile(indexFile, 'utf8'), mtimeMs, pages: new Map() }
      }
      let page = index.pages.get(head)
      if (!page) {
        // A function, not a string: `$&`, `$'` or `` $` `` in a clip's name are the name, not replacement patterns.
        const body = Buffer.from(index.text.replace('</head>', () => `${head}\n</head>`))
        page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
        if (index.pages.size >= MAX_PAGES) index.pages.clear()
        index.pages.set(head, page)
      }
      return page
    }

    fs.mkdirSync(path.join(opts.mediaDir, 'public'), { recursive: true })
    await app.register(fastifyStatic, {
      root: path.join(opts.mediaDir, 'public'),
      prefix: '/media/public/',
      decorateReply: false,
      index: false,
      maxAge: '1h',
    })

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        serve: true,
        decorateReply: true,
        cacheControl: false,
        // The build writes .br and .gz beside every text file of 1 KiB or more (vite.config.ts): sent by
        // the client's Accept-Encoding (brotli first), the file itself to a client that takes neither.
        preCompressed: true,
        setHeaders: (res, file) => {
          const immutable = file.includes(`${path.sep}assets${path.sep}`)
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          // Shared caches must keep one copy per encoding.
          res.setHeader('vary', 'accept-encoding')
        },
      })
    }

    app.setNotFoundHandler(async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/'
      const isApi = pathname === '/api' || pathname.startsWith('/api/')
      const isFile = /\.[a-z0-9]{1,8}$/i.test(pathname)
      if (isApi || isFile || (req.method !== 'GET' && req.method !== 'HEAD') || !hasWebApp) {
        return reply.status(404).send({ message: messages.notFound })
      }
      const policy = await opts.pagePolicyFor?.(req.hostname.replace(/:\d+$/, '').toLowerCase(), req.url)
      if (policy) reply.header('content-security-policy', policy)
      const head = req.method === 'GET' ? await opts.headFor?.(req.host, req.url) : null
      if (head) {
        const page = await pageWith(head)
        const encoding = page.body.length >= COMPRESS_THRESHOLD ? chooseEncoding(req) : null
        const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : page.etag
        reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag)
        if (req.headers['if-none-match'] === etag) return reply.status(304).send()
        reply.type('text/html; charset=utf-8')
        if (!encoding) return reply.send(page.body)
        return reply.header('content-encoding', encoding).send(encoded(page, encoding))
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist)
    })
  },
  { name: 'web-app' },
)
