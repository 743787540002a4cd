import { randomUUID } from 'node:crypto'
import type { Config } from '../config.js'
import { buildAnalyticsApp } from '../modules/analytics/analytics.app.js'
import type { TestContext } from './context.js'

/**
 * The analytics role's app over a test context's container, on a loopback port (the role as
 * roles.ts starts it: the settings then carry its address).
 */
export async function startAnalytics(ctx: TestContext, config: Partial<Config> = {}) {
  const analytics = ctx.container.analytics()
  const app = await buildAnalyticsApp({
    config: { ...ctx.config, ...config },
    log: ctx.container.log,
    ingest: analytics.ingest,
    geo: ctx.app.services.geo,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  analytics.address.listening(port)
  const url = `http://127.0.0.1:${port}`
  const get = async (path: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    )
    const res = await fetch(`${url}${path}?${qs}`, { headers })
    return { status: res.status, headers: res.headers, body: (await res.json()) as any }
  }
  const post = async (
    path: string,
    body: unknown,
    contentType = 'application/json',
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined }
  }
  return { app, url, port, get, post, close: () => app.close() }
}

export const uuid = () => randomUUID()
