import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { messages } from '@fieldhouse/contract'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

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
      /** Tags for the page's head on this path (a shared clip's preview), already escaped; null for none. `host` keeps its port. */
      headFor?: (host: string, url: string) => Promise<string | null>
    },
  ) => {
    const indexFile = path.join(opts.webDist, 'index.html')
    const hasWebApp = fs.existsSync(indexFile)
    if (!hasWebApp) app.log.warn({ webDist: opts.webDist }, 'web app not built: run `npm run build`')

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
        // A function, not a string: `$&`, `$'` or `` $` `` in a clip's name are the name, not replacement patterns.
        const html = (await fs.promises.readFile(indexFile, 'utf8')).replace('</head>', () => `${head}\n</head>`)
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist)
    })
  },
  { name: 'web-app' },
)
