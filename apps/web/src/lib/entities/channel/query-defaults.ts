import { MINUTE } from '@fieldhouse/contract'

/** Channel configuration changes rarely; the bootstrap answer seeds these queries at startup. */
export const channelStaleTime = 5 * MINUTE
