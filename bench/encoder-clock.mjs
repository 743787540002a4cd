import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { resolveFfmpeg } from '../packages/media/dist/index.js'
import { root } from './lib.mjs'

/**
 * A publisher that carries its own wall clock in every frame: the milliseconds of the epoch (mod 2^24,
 * about 4.6 hours) drawn into the top-left of the picture as 24 black or white squares, lowest bit
 * first. The clock is read when the frame is made: `realtime` paces the generated source to the wall
 * clock, `setpts=RTCTIME` stamps each frame with the wall clock at that moment, the squares are drawn
 * from that stamp, and the stamps start again from 0 for the encoder. The page reads the squares back
 * from a canvas when the frame is presented (`readEncoderClock`), so the lag counts capture to screen:
 * encode, RTMP, our ingest, segmenting, playlist, HTTP, hls.js, decoding.
 */
export const BITS = 24
export const SQUARE = 20

export function clockFilter() {
  const boxes = Array.from(
    { length: BITS },
    (_, k) =>
      `drawbox=x=${k * SQUARE}:y=0:w=${SQUARE}:h=${SQUARE}:color=white:t=fill:` +
      `enable='eq(mod(floor(mod(t*1000\\,16777216)/${2 ** k})\\,2)\\,1)'`,
  )
  return [
    'testsrc2=size=640x360:rate=25',
    'realtime',
    'settb=1/1000000',
    'setpts=RTCTIME',
    `drawbox=x=0:y=0:w=${BITS * SQUARE}:h=${SQUARE}:color=black:t=fill`,
    ...boxes,
    'setpts=PTS-STARTPTS',
    'format=yuv420p',
  ].join(',')
}

/** The stream key of event `id` (`npm run cli -- event stream-key`), on the product's data. */
export function streamKeyOf(product, id) {
  const out = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli.js'), 'event', 'stream-key', String(id)],
    {
      env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  )
  const key = /Stream key:\s*(\S+)/.exec(out.stdout ?? '')
  if (!key) throw new Error(`no stream key for event ${id}: ${out.stdout}${out.stderr}`)
  return key[1]
}

/** Publishes the clock feed to `rtmpUrl` (keyframe every second, as encoders are told); `stop()` ends it. */
export function publishClock(rtmpUrl) {
  const proc = spawn(
    resolveFfmpeg(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', clockFilter()],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-keyint_min', '25'],
      ...['-b:v', '1200k', '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', rtmpUrl],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  return {
    async stop() {
      if (proc.exitCode !== null) return
      proc.kill('SIGTERM')
      await new Promise((r) => proc.once('exit', r))
    },
  }
}

/**
 * In the page: for `seconds`, at each presented frame (requestVideoFrameCallback, at most one every
 * 250 ms), the encoder's clock read from the picture against the wall clock at the frame's expected
 * display time. Returns the lags in seconds.
 */
export async function readEncoderClock({ video, seconds, bits, square }) {
  const v = document.querySelector(video)
  if (!v || !('requestVideoFrameCallback' in v)) return []
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  const lags = []
  const end = performance.now() + seconds * 1000
  let last = 0
  await new Promise((resolve) => {
    const onFrame = (_now, meta) => {
      if (performance.now() >= end) return resolve()
      if (meta.expectedDisplayTime - last >= 250 && v.videoWidth > 0) {
        last = meta.expectedDisplayTime
        const scale = v.videoWidth / 640
        canvas.width = Math.ceil(bits * square * scale)
        canvas.height = Math.ceil(square * scale)
        ctx.drawImage(v, 0, 0, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height)
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data
        let value = 0
        for (let k = 0; k < bits; k++) {
          const x = Math.floor((k * square + square / 2) * scale)
          const y = Math.floor((square / 2) * scale)
          const i = (y * canvas.width + x) * 4
          const luma = 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2]
          if (luma > 128) value += 2 ** k
        }
        const shown = (performance.timeOrigin + meta.expectedDisplayTime) % 2 ** bits
        const lag = (((shown - value) % 2 ** bits) + 2 ** bits) % 2 ** bits
        // A frame with no clock (the pre-roll) reads as nonsense: keep lags under a minute only.
        if (lag < 60_000) lags.push(lag / 1000)
      }
      v.requestVideoFrameCallback(onFrame)
    }
    v.requestVideoFrameCallback(onFrame)
    setTimeout(resolve, seconds * 1000 + 2000)
  })
  return lags
}
