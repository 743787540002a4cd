import { EventAlertStatsSchema } from '@fieldhouse/contract'
import { z } from 'zod'
import { adminQueriesRoot, useAdminRead } from './admin-api'

/**
 * `GET /api/admin/alerts`: what each game's alerts did, one row per game × kind × way, newest games
 * first (operators who may read the analytics).
 */
export const useAlertStats = () =>
  useAdminRead([...adminQueriesRoot, 'alerts'], 'admin/alerts', (data) =>
    z.array(EventAlertStatsSchema).parse(data ?? []),
  )
