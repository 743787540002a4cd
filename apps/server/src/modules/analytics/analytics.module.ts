import { createHmac } from 'node:crypto'
import type { Config } from '../../config.js'
import { GroupCommit } from '../../lib/group-commit.js'
import type { AuditSink } from '../../lib/operator.js'
import { analyticsAdminRoutes } from './analytics.admin.routes.js'
import { AnalyticsRepository, type NewAnalyticsRow } from './analytics.repository.js'
import { AnalyticsIngestService } from './analytics.service.js'
import { AnalyticsReportsService } from './analytics-reports.service.js'

/**
 * Product analytics (decision 0032): the ingest behind the group commit, and the console's reports.
 * The email key is derived from the server secret, so the hash is stable across restarts and
 * processes and useless without the server.
 */
function createAnalytics(
  db: ConstructorParameters<typeof AnalyticsRepository>[0],
  config: Config,
  deps: { secret: Buffer; audit: AuditSink; clock: () => number },
) {
  const repo = new AnalyticsRepository(db)
  const committer = new GroupCommit<NewAnalyticsRow>((rows) => repo.insertAll(rows))
  const emailKey = createHmac('sha256', deps.secret).update('analytics user_email').digest()
  return {
    address: analyticsAddress(config),
    committer,
    ingest: new AnalyticsIngestService(repo, committer, { emailKey, clock: deps.clock }),
    reports: new AnalyticsReportsService(repo, deps.audit, deps.clock),
  }
}
export type Analytics = ReturnType<typeof createAnalytics>

/**
 * Where browsers reach the analytics service: ANALYTICS_PUBLIC_URL, else PUBLIC_URL's host on the
 * port the role listens on; null while no analytics role listens in this process (and none is named).
 */
export function analyticsAddress(config: Config) {
  let url: string | null = config.ANALYTICS_PUBLIC_URL ?? null
  return {
    url: () => url,
    listening: (port: number) => {
      if (config.ANALYTICS_PUBLIC_URL) return
      const base = new URL(config.publicUrl)
      url = `${base.protocol}//${base.hostname}:${port}`
    },
  }
}

/**
 * What the container and the app take of the analytics module: `build` (the container's `analytics`) and
 * `routes` (the console's reports; the `analytics` role's own app is analytics.app.ts). Its job is in analytics.jobs.ts.
 */
export const analyticsModule = { build: createAnalytics, routes: analyticsAdminRoutes }
