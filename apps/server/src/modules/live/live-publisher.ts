import fs from 'node:fs/promises'
import path from 'node:path'
import { parseMediaPlaylist } from '@fieldhouse/media'
import type { MediaStore } from '../../lib/media-store/index.js'

/**
 * Publishes a live recording into a store that does not keep the encoder's folder itself (S3): every
 * half second, each rendition's new segments — a segment is whole once its playlist names it — and
 * then the playlist that names them, so a viewer never finds a name without its file. A published
 * segment leaves the local folder, which stays small however long the game.
 */
export class LivePublisher {
  private readonly sent = new Set<string>()
  private readonly playlists = new Map<string, string>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()

  constructor(
    private readonly store: MediaStore,
    private readonly dir: string,
    private readonly prefix: string,
    private readonly renditions: readonly string[],
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 500,
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.publish()).catch(this.onError)
    }, this.intervalMs)
    this.timer.unref()
  }

  /** Stops the timer and publishes what is left. */
  async stop() {
    clearInterval(this.timer)
    await this.running.catch(() => {})
    await this.publish()
  }

  /** One pass: new segments of every rendition, then its playlist when it changed. */
  async publish() {
    for (const name of this.renditions) {
      const file = path.join(this.dir, name, 'index.m3u8')
      const text = await fs.readFile(file, 'utf8').catch(() => null)
      if (text === null || this.playlists.get(name) === text) continue
      for (const segment of parseMediaPlaylist(text)) {
        const rel = `${name}/${segment.uri}`
        if (this.sent.has(rel) || segment.uri.includes('/')) continue
        const local = path.join(this.dir, name, segment.uri)
        await this.store.put(`${this.prefix}/${rel}`, { file: local })
        this.sent.add(rel)
      }
      await this.store.put(`${this.prefix}/${name}/index.m3u8`, { bytes: text })
      this.playlists.set(name, text)
    }
  }
}
