import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probe } from './probe.js'
import { runFfmpeg } from './runner.js'
import { sandboxState } from './sandbox.js'
import { tempDir } from './test/helpers.js'
import {
  checkUpload,
  checkUploadForEncode,
  inputFormatOf,
  pictureTimesReader,
  type UploadRefusal,
  UploadRefused,
} from './upload-check.js'
import { transcodeToHls } from './vod-pipeline.js'

const refusalOf = (p: Promise<unknown>): Promise<UploadRefusal | 'accepted'> =>
  p.then(
    () => 'accepted' as const,
    (e) => {
      if (e instanceof UploadRefused) return e.refusal
      throw e
    },
  )

describe('inputFormatOf / pictureTimesReader', () => {
  it('names a demuxer only for the containers uploads may be', () => {
    expect(inputFormatOf('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov')
    expect(inputFormatOf('matroska,webm')).toBe('matroska')
    expect(inputFormatOf('mpegts')).toBe('mpegts')
    for (const other of ['hls', 'concat', 'image2', 'tty', 'lavfi', 'mov', 'constructor', '__proto__']) {
      expect(inputFormatOf(other)).toBeNull()
    }
  })

  it('finds the longest gap between pictures, in any packet order, across chunks', () => {
    const r = pictureTimesReader()
    r.push('0.000000,0.000000\n0.04,0.0')
    r.push('4\n0.120000,N/A\nN/A,0.08\n')
    r.push('36000.0,36000.0\n36000.04,')
    const t = r.end()!
    expect(t.packets).toBe(6)
    expect(t.firstSec).toBe(0)
    expect(t.lastSec).toBeCloseTo(36000.04)
    expect(t.maxGapSec).toBeCloseTo(36000 - 0.12)
    expect(t.maxGapAtSec).toBeCloseTo(0.12)
    expect(pictureTimesReader().end()).toBeNull()
  })
})

// Real files and real ffmpeg: generous limits for a loaded two-core machine (no timing assertions).
describe('uploads that point at other files', { timeout: 180_000 }, () => {
  let dir: string
  /** Another channel's paid recording: 640x360, 6 s; the uploads' own bytes are 320x240, 3 s. */
  let secret: string
  const ownFiles: Record<string, string> = {}
  const demuxers: Record<string, string> = {
    mp4: 'mov',
    mov: 'mov',
    mkv: 'matroska',
    ts: 'mpegts',
    flv: 'flv',
    avi: 'avi',
    webm: 'matroska',
  }
  const gen = (out: string, codec: string[], size = '320x240', seconds = 3) =>
    runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25:duration=${seconds}`,
      ...codec,
      out,
    ])

  beforeAll(async () => {
    dir = await tempDir('upload-check')
    await fs.mkdir(path.join(dir, 'assets', '9', '720p'), { recursive: true })
    await fs.mkdir(path.join(dir, 'imports'))
    secret = path.join(dir, 'assets', '9', '720p', 'seg_00000.ts')
    const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25']
    await gen(secret, h264, '640x360', 6)
    const own = {
      mp4: h264,
      mov: h264,
      mkv: h264,
      ts: h264,
      flv: h264,
      avi: h264,
      webm: ['-c:v', 'libvpx', '-b:v', '200k', '-g', '25'],
    }
    for (const [ext, codec] of Object.entries(own)) {
      ownFiles[ext] = path.join(dir, `own.${ext}`)
      await gen(ownFiles[ext], codec)
    }
  }, 120_000)
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  /** An upload as the server keeps it: its bytes under an id, no extension. */
  const upload = async (name: string, head: string, body: string) => {
    const file = path.join(dir, 'imports', name)
    await fs.writeFile(file, Buffer.concat([Buffer.from(head), await fs.readFile(body)]))
    return file
  }
  const playlistHead = () =>
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n../assets/9/720p/seg_00000.ts\n#EXTINF:6.0,\nfile:${secret}\n#EXT-X-ENDLIST\n`
  const concatHead = () => `ffconcat version 1.0\nfile '../assets/9/720p/seg_00000.ts'\nfile '${secret}'\n`

  it('every accepted container, behind an HLS playlist or a concat list of another channel’s files, is refused or encoded from its own bytes only', async () => {
    const outcomes: string[] = []
    for (const [ext, body] of Object.entries(ownFiles)) {
      for (const [kind, head] of [
        ['playlist', playlistHead()],
        ['concat', concatHead()],
      ] as const) {
        const file = await upload(`${kind}-${ext}`, head, body)
        const bytes = (await fs.stat(file)).size
        const check = await refusalOf(checkUpload(file, { bytes, maxDurationSec: 3600 }))
        // Whatever the check said (ffprobe releases guess such a file differently), an encode pinned
        // to the container reads the upload's own bytes or nothing.
        const format = demuxers[ext]!
        const finalDir = path.join(dir, 'out', `${kind}-${ext}`)
        const encoded = await transcodeToHls({
          input: file,
          finalDir,
          tmpRoot: path.join(dir, 'tmp'),
          upload: { format },
        }).then(
          (r) => r,
          () => null,
        )
        if (encoded) {
          // The other channel's recording is 640x360 and 6 s long; the upload's own bytes 320x240, 3 s.
          expect(encoded.durationSec, `${kind}+${ext}`).toBeLessThan(4)
          for (const r of encoded.renditions) expect(r.height, `${kind}+${ext}`).toBeLessThanOrEqual(240)
          const first = await probe(path.join(finalDir, encoded.renditions.at(-1)!.uri))
          expect(first.durationSec, `${kind}+${ext}`).toBeLessThan(4)
        }
        const checkSaid = check === 'accepted' ? 'accepted' : `refused (${check.reason})`
        outcomes.push(`${kind}+${ext}: check ${checkSaid}; pinned to ${format}: ${encoded ? 'own bytes' : 'nothing'}`)
      }
    }
    expect(outcomes).toHaveLength(14)
  })

  it('the plain files of each container pass, pinned to their demuxer', async () => {
    const formats: Record<string, string> = {}
    for (const [ext, file] of Object.entries(ownFiles)) {
      const bytes = (await fs.stat(file)).size
      formats[ext] = (await checkUpload(file, { bytes, maxDurationSec: 3600 })).format
    }
    expect(formats).toEqual(demuxers)
  })

  it('the encode refuses a file whose container is not the one its upload was accepted as', async () => {
    const file = ownFiles.ts!
    const bytes = (await fs.stat(file)).size
    const outcome = await refusalOf(
      checkUploadForEncode(file, { bytes, maxDurationSec: 3600, expectFormatName: 'mov,mp4,m4a,3gp,3g2,mj2' }),
    )
    expect(outcome).toMatchObject({ reason: 'format-changed', was: 'mov,mp4,m4a,3gp,3g2,mj2', now: 'mpegts' })
  })

  it.runIf(sandboxState().kind === 'bwrap')(
    'in the sandbox, even a demuxer that follows a playlist finds no other file to read',
    async () => {
      const file = await upload('sandboxed-hls', playlistHead(), ownFiles.ts!)
      const work = path.join(dir, 'sandbox-work')
      await fs.mkdir(work)
      const out = path.join(work, 'out.ts')
      // Outside the sandbox the HLS demuxer reads the other channel's segment (what the pins prevent)…
      const open = await probe(file, { format: 'hls' })
      expect(open.video?.width).toBe(640)
      // …inside it, the segment does not exist for the process.
      const outcome = await runFfmpeg(
        ['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-f', 'hls', '-i', file, '-c', 'copy', out],
        { sandbox: { read: [file], write: [work] } },
      ).then(
        async () => (await probe(out).catch(() => null))?.video?.width ?? 'nothing',
        () => 'failed',
      )
      expect(outcome === 'failed' || outcome === 'nothing').toBe(true)
      await expect(probe(secret, { sandboxed: false })).resolves.toBeTruthy()
    },
  )
})

describe('lengths a file declares', { timeout: 120_000 }, () => {
  let dir: string
  beforeAll(async () => {
    dir = await tempDir('upload-length')
  })
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('refuses pictures with a ten-hour gap, a length past the channel’s longest, and a length the bytes cannot hold', async () => {
    // 90 frames, then one frame ten hours later: a few KB that an encode at 25 fps would fill with 900,000 frames.
    const frames = path.join(dir, 'frames.ts')
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:size=64x64:rate=25:duration=3.6',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      frames,
    ])
    const gapped = path.join(dir, 'gapped.mkv')
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-protocol_whitelist',
      'file',
      '-i',
      frames,
      '-c',
      'copy',
      '-bsf:v',
      'setts=pts=if(gte(N\\,89)\\,PTS+36000000\\,PTS):dts=if(gte(N\\,89)\\,DTS+36000000\\,DTS)',
      gapped,
    ])
    const bytes = (await fs.stat(gapped)).size
    expect(bytes).toBeLessThan(64 * 1024)
    // Declared at ten hours: too many seconds for its bytes, and past a four-hour channel limit.
    expect(await refusalOf(checkUpload(gapped, { bytes, maxDurationSec: 4 * 3600 }))).toMatchObject({
      reason: 'too-long',
    })
    expect(await refusalOf(checkUpload(gapped, { bytes, maxDurationSec: 48 * 3600 }))).toMatchObject({
      reason: 'too-few-bytes',
    })
    // Were its bytes believed, its pictures still have the gap.
    const outcome = await refusalOf(
      checkUploadForEncode(gapped, { bytes: 10 ** 12, maxDurationSec: 48 * 3600, expectFormatName: 'matroska,webm' }),
    )
    expect(outcome).toMatchObject({ reason: 'gap' })
    if (outcome !== 'accepted' && outcome.reason === 'gap') {
      expect(outcome.gapSec).toBeGreaterThan(35_000)
      expect(outcome.atSec).toBeCloseTo(3.52, 1)
    }
    const plain = await checkUploadForEncode(frames, {
      bytes: (await fs.stat(frames)).size,
      maxDurationSec: 3600,
      expectFormatName: 'mpegts',
    })
    expect(plain.pictures.packets).toBe(90)
    expect(plain.pictures.maxGapSec).toBeCloseTo(0.04, 2)
  })
})
