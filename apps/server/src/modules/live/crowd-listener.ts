import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  CrowdNoiseDetector,
  type CrowdNoiseSuggestion,
  loudnessArgs,
  parseLoudnessLog,
  recordingTimeline,
  runFfmpeg,
  URGENT_NICENESS,
} from '@fieldhouse/media'
import type { MediaStore } from '../../lib/media-store/index.js'

/** How often a live recording's new audio is measured (seconds of sound per ffmpeg run, about). */
export const CROWD_LISTEN_EVERY_MS = 5000

/** A cheer heard in a live game: its moment on the stream's clock (ms) and how far the noise rose (LU). */
export interface HeardCheer {
  eventId: number
  channelId: number
  at: number
  riseLu: number
}

/**
 * Listens to a live recording's crowd (decision 0057): every few seconds the source rendition's new
 * segments are joined (MPEG-TS joins by concatenation) into one file, measured by ffmpeg's `ebur128`
 * with the demuxer pinned, and fed to the detector; each cheer it finds is told with its time on the
 * stream's clock (the segments' EXT-X-PROGRAM-DATE-TIME). Reads through the store, so it works the same
 * on a local folder and on S3. A measuring that fails is skipped, never the broadcast's end.
 */
export class CrowdListener {
  private readonly detector = new CrowdNoiseDetector()
  private done = 0
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()
  private stopped = false
  private failures = 0

  constructor(
    private readonly d: {
      store: MediaStore
      /** The source rendition's playlist, as a store key (`{asset}/source/index.m3u8`). */
      playlistKey: string
      eventId: number
      channelId: number
      heard: (cheer: HeardCheer) => Promise<unknown>
      onError: (error: unknown) => void
      everyMs?: number
    },
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.running = this.running
        .then(async () => {
          await this.listen()
        })
        .catch(this.d.onError)
    }, this.d.everyMs ?? CROWD_LISTEN_EVERY_MS)
    this.timer.unref()
  }

  async stop() {
    this.stopped = true
    clearInterval(this.timer)
    await this.running.catch(() => {})
  }

  /** One pass: the segments not measured yet, whole ones only (a playlist names a segment once written). */
  async listen(): Promise<CrowdNoiseSuggestion[]> {
    const text = (await this.d.store.readBytes(this.d.playlistKey))?.toString('utf8')
    if (!text || this.stopped) return []
    const fresh = recordingTimeline(text).segments.slice(this.done)
    const first = fresh[0]
    if (!first) return []
    const folder = path.posix.dirname(this.d.playlistKey)
    const parts: Buffer[] = []
    for (const s of fresh) {
      if (s.uri.includes('/') || s.uri.includes('..')) continue
      const bytes = await this.d.store.readBytes(`${folder}/${s.uri}`)
      if (bytes) parts.push(bytes)
    }
    this.done += fresh.length
    // Without a clock a cheer has no moment; a reconnect's gap starts the measuring again after it.
    if (first.date === null || parts.length === 0) return []
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crowd-'))
    try {
      const input = path.join(work, 'audio.ts')
      const logFile = path.join(work, 'loudness.log')
      await fs.writeFile(input, Buffer.concat(parts))
      const measured = await runFfmpeg(loudnessArgs({ input, format: 'mpegts', logFile }), {
        useSlot: false,
        niceness: URGENT_NICENESS,
        timeoutMs: 30_000,
      }).then(
        () => true,
        (error: unknown) => {
          // A stream with no sound fails every time: said once, then no more listening.
          if (++this.failures === 3) {
            this.d.onError(error)
            void this.stop()
          }
          return false
        },
      )
      if (!measured) return []
      this.failures = 0
      const base = first.date
      const samples = parseLoudnessLog(await fs.readFile(logFile, 'utf8')).map((s) => ({ ...s, at: base + s.at }))
      const found = this.detector.push(samples)
      for (const cheer of found) {
        await this.d.heard({ eventId: this.d.eventId, channelId: this.d.channelId, at: cheer.at, riseLu: cheer.riseLu })
      }
      return found
    } finally {
      await fs.rm(work, { recursive: true, force: true })
    }
  }
}
