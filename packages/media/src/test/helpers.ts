import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Manifest, Parser } from 'm3u8-parser'
import { testFeedArgs } from '../args.js'
import { findFont } from '../fonts.js'
import { runFfmpeg } from '../runner.js'

/** A fresh temp folder for one test file. */
export function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `fh-media-${prefix}-`))
}

/** A tiny generated MP4 (test pattern, clock, score bug, tone) made with our own builder and runner. */
export async function makeFixture(
  file: string,
  options: { width?: number; height?: number; durationSec?: number; fps?: number } = {},
): Promise<string> {
  await runFfmpeg(
    testFeedArgs({
      output: file,
      durationSec: options.durationSec ?? 4,
      width: options.width ?? 640,
      height: options.height ?? 360,
      fps: options.fps ?? 25,
      realtime: false,
      title: 'Fixture',
      home: 'Home',
      away: 'Away',
      scoreTimeline: [{ atSec: 2, home: 1, away: 0 }],
      fontFile: findFont(),
      format: 'mp4',
    }),
  )
  return file
}

/** Parses an HLS playlist with a real parser (m3u8-parser, as video.js uses). */
export async function parsePlaylist(file: string): Promise<Manifest> {
  return parsePlaylistText(await fs.readFile(file, 'utf8'))
}

/** Parses HLS playlist text with the same real parser. */
export function parsePlaylistText(text: string): Manifest {
  const parser = new Parser()
  parser.push(text)
  parser.end()
  return parser.manifest
}

/** Whether a process id is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
