import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { uploadMessages } from '@fieldhouse/contract'
import { type CheckedUpload, checkUpload, configureSandbox, UploadRefused } from '@fieldhouse/media'
import type { FastifyBaseLogger } from 'fastify'
import type { CliContext } from './cli-context.js'
import { JobQueue } from './jobs/queue.js'
import { Worker } from './jobs/worker.js'
import { uploadSettingsOf } from './lib/channel-settings.js'
import { parseJson } from './lib/json.js'
import { createMediaStore } from './lib/media-store/index.js'
import { CatalogCliRepository } from './modules/catalog/catalog-cli.repository.js'
import { mediaJobHandlers } from './modules/media/media.jobs.js'
import { MediaRepository } from './modules/media/media.repository.js'
import { refusalMessage } from './modules/media/upload-refusal.js'

export const mediaUsage = `  npm run cli -- media import FILE (--event ID | --vod TITLE) [--channel KEY] [--queue]
  npm run cli -- event stream-key ID [--channel KEY]`

const silentLog = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child: () => silentLog,
} as unknown as FastifyBaseLogger

/** A text progress bar: `[#########-----------]  45%`. */
export const progressBar = (percent: number, width = 30) => {
  const p = Math.max(0, Math.min(100, Math.floor(percent)))
  const full = Math.round((p / 100) * width)
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${String(p).padStart(3)}%`
}

/**
 * `media import`: a video file becomes an event's replay or a new VOD item. The file is checked with
 * ffprobe first (a file that is not a video is refused, and nothing is written), copied into the
 * media store, and encoded — here, with a progress bar, or with `--queue` by the server's worker.
 */
export async function importMedia(
  args: string[],
  { config, db, channels, out }: CliContext,
  progress: (line: string) => void = process.stdout.isTTY ? (line) => process.stdout.write(`\r${line}`) : () => {},
) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      event: { type: 'string' },
      vod: { type: 'string' },
      channel: { type: 'string', default: config.DEFAULT_CHANNEL_KEY },
      queue: { type: 'boolean', default: false },
    },
  })
  const file = positionals[0]
  if (!file || (values.event === undefined) === (values.vod === undefined)) {
    out('Give one FILE and either --event ID or --vod TITLE.')
    return 2
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    out(`No such file: ${file}`)
    return 1
  }
  const channel = await channels.findByKey(values.channel ?? '')
  if (!channel) {
    out(`No channel with key "${values.channel ?? ''}".`)
    return 1
  }
  // Checked as a console upload is (docs/security.md): one of the containers uploads may be, read as
  // that container alone, in the sandbox, within the channel's longest video.
  configureSandbox(config.MEDIA_SANDBOX)
  const bytes = fs.statSync(file).size
  const limits = uploadSettingsOf(parseJson(channel.settings, {}))
  let checked: CheckedUpload
  try {
    checked = await checkUpload(path.resolve(file), { bytes, maxDurationSec: limits.maxDurationSec })
  } catch (e) {
    out(`${file}: ${e instanceof UploadRefused ? refusalMessage(e.refusal) : uploadMessages.notVideo}`)
    return 1
  }
  const probed = checked.probe

  const catalogue = new CatalogCliRepository(db.kysely)
  let owner: { type: 'event' | 'vod'; id: number }
  if (values.event !== undefined) {
    const id = Number(values.event)
    const event = Number.isInteger(id) ? await catalogue.findEvent(channel.id, id) : undefined
    if (!event) {
      out(`No event ${values.event} on ${channel.key}.`)
      return 1
    }
    owner = { type: 'event', id: event.id }
  } else {
    const title = (values.vod ?? '').trim()
    if (!title || title.length > 300) {
      out('--vod needs a title of 1 to 300 characters.')
      return 2
    }
    const id = await catalogue.createVodItem(channel.id, title, Math.round(probed.durationSec), Date.now())
    owner = { type: 'vod', id }
  }

  const importsDir = path.join(config.mediaDir, 'imports')
  fs.mkdirSync(importsDir, { recursive: true })
  // Named by us alone: the file's own extension says nothing to ffmpeg.
  const source = path.join(importsDir, randomUUID())
  fs.copyFileSync(file, source)
  const repo = new MediaRepository(db.kysely)
  const queue = new JobQueue(db.kysely, db.dialect)
  const asset = await repo.createAsset(channel.id, owner, 'upload', 'processing')
  const upload = { formatName: checked.formatName, bytes, maxDurationSec: limits.maxDurationSec }
  const jobId = await queue.enqueue(
    'media.transcode',
    { assetId: asset.id, source, deleteSource: true, upload },
    { channelId: channel.id },
  )
  out(`Importing ${path.basename(file)} as ${owner.type} ${owner.id} (asset ${asset.id}, job ${jobId}).`)
  if (values.queue) {
    out('Queued: the server’s worker encodes it; its progress shows in the API (media_progress).')
    return 0
  }

  const worker = new Worker({
    queue,
    handlers: mediaJobHandlers({
      repo,
      store: createMediaStore(config),
      mediaDir: config.mediaDir,
      preset: config.ENCODE_PRESET,
      changed: (channelId) => channels.bumpContentVersion(channelId).then(() => undefined),
    }),
    concurrency: 1,
    log: silentLog,
    onlyJobId: jobId,
    pollMs: 200,
  })
  worker.start()
  for (;;) {
    await new Promise((r) => setTimeout(r, 250))
    const job = await queue.find(jobId)
    if (!job) break
    progress(progressBar(job.progress))
    if (job.status === 'done') {
      progress(progressBar(100))
      out('')
      out(`Ready: ${owner.type} ${owner.id} plays now.`)
      await worker.stop()
      return 0
    }
    if (job.status === 'failed' || (job.status === 'queued' && job.attempts > 0)) {
      await worker.stop()
      out('')
      out(`Failed: ${job.error ?? 'unknown error'}`)
      await repo.updateAsset(asset.id, { status: 'failed', error: job.error ?? 'failed' })
      fs.rmSync(source, { force: true })
      return 1
    }
  }
  await worker.stop()
  return 1
}

/** `event stream-key ID`: where the event's encoder publishes. */
export async function showStreamKey(args: string[], { config, db, channels, out }: CliContext) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { channel: { type: 'string', default: config.DEFAULT_CHANNEL_KEY } },
  })
  const channel = await channels.findByKey(values.channel ?? '')
  const id = Number(positionals[0])
  const event =
    channel && Number.isInteger(id) ? await new CatalogCliRepository(db.kysely).findEvent(channel.id, id) : undefined
  if (!event?.stream_key) {
    out(`No event ${positionals[0] ?? ''} on ${values.channel ?? ''}.`)
    return 1
  }
  out(`${event.name}`)
  out(`Server:     ${config.publicRtmpUrl}`)
  out(`Stream key: ${event.stream_key}`)
  return 0
}
