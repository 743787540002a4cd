import { parseArgs } from 'node:util'
import { PremiereInputSchema } from '@fieldhouse/contract'
import type { CliContext } from './cli-context.js'
import { createContainer } from './container.js'
import { AppError } from './lib/errors.js'

export const premieresUsage = `  npm run cli -- event premiere ID (--source-event ID | --source-vod ID) --at 2026-11-24T19:00:00Z [--repeat-minutes N] [--channel KEY]`

/**
 * `event premiere`: a finished recording (an event's replay, or a library video) is shown as the event's
 * live broadcast from `--at` (decision 30), through the same service as the console's.
 */
export async function schedulePremiere(args: string[], { config, db, channels, out }: CliContext) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      channel: { type: 'string', default: config.DEFAULT_CHANNEL_KEY },
      'source-event': { type: 'string' },
      'source-vod': { type: 'string' },
      at: { type: 'string' },
      'repeat-minutes': { type: 'string' },
    },
  })
  const channel = await channels.findByKey(values.channel ?? '')
  if (!channel) {
    out(`No channel ${values.channel ?? ''}.`)
    return 1
  }
  const input = PremiereInputSchema.safeParse({
    event_id: positionals[0],
    ...(values['source-event'] ? { source_event_id: values['source-event'] } : {}),
    ...(values['source-vod'] ? { source_vod_media_item_id: values['source-vod'] } : {}),
    starts_at: values.at,
    ...(values['repeat-minutes'] ? { repeat_every_minutes: Number(values['repeat-minutes']) } : {}),
  })
  if (!input.success) {
    for (const issue of input.error.issues) out(`${issue.path.join('.') || 'input'}: ${issue.message}`)
    out(premieresUsage)
    return 2
  }
  const container = await createContainer({ config, db, logger: false })
  const repeatMs = input.data.repeat_every_minutes ? input.data.repeat_every_minutes * 60_000 : null
  try {
    const p = await container.premieres().place(channel.id, input.data, repeatMs)
    out(
      `Premiere of ${p.event_name}: ${p.starts_at} to ${p.ends_at}${p.repeat_every_minutes ? `, again every ${p.repeat_every_minutes} min` : ''}`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const fields = Object.entries(error.errors ?? {}).map(([field, texts]) => `${field}: ${texts.join(' ')}`)
    out(
      fields.length
        ? fields.join('\n')
        : error.statusCode === 404
          ? `No event ${positionals[0]} on ${channel.key}.`
          : error.message,
    )
    return 1
  }
}
