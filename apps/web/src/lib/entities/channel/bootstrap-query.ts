import { ClientInterface } from '@fieldhouse/contract'

/**
 * `GET /api/channel-bootstrap-data` as this build asks for it: the web's colours and slides. Apart from
 * the schema that reads the answer, so the page's first script can send the same request (`early-start.ts`).
 */
export const bootstrapPath = 'channel-bootstrap-data'

export const bootstrapQuery = {
  'color-settings': { client_interface: ClientInterface.web },
  slides: { client_interface: ClientInterface.web },
} as const
