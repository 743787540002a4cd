import type { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { type LoggerOptions, pino } from 'pino'
import { redactUrl } from './secrets.js'

/** Request log lines: never the api key or other secrets in the URL (design §8). */
const serializers = {
  req: (req: { method: string; url: string; ip?: string; hostname?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
  }),
}

/** Options of the process's logger; tests pass a stream to read what is logged, or false for none. */
export type LoggerSettings = false | (LoggerOptions & { stream?: Writable })

/**
 * The one logger of a process: the services log through it, and the HTTP app (when the process
 * serves the API) logs its requests through it too.
 */
export function createLogger(level: LoggerOptions['level'], settings?: LoggerSettings): FastifyBaseLogger {
  if (settings === false) return pino({ level: 'silent' })
  const { stream, ...options } = settings ?? {}
  const merged: LoggerOptions = { level, serializers, redact: ['req.headers.authorization'], ...options }
  return stream ? pino(merged, stream) : pino(merged)
}
