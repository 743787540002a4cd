import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { freePort, root } from './lib.mjs'

export const HLS_JS = path.join(root, 'node_modules/hls.js/dist/hls.min.js')

/**
 * The reference player: a page with hls.js (the build the app ships, default settings) and a
 * <video> on `masterUrl`, and a play button, served by node:http from this process. `window.__hls`
 * is the hls.js instance (for its `playingDate`); `window.__hlsError` its fatal error, if any. The
 * ids match the app's player, so one script drives both.
 */
export async function startBarePage(masterUrl) {
  const script = fs.readFileSync(HLS_JS)
  const html = Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>bare hls.js</title></head>
<body>
<video data-testid="player-video" playsinline width="1280" height="720"></video>
<button type="button" data-testid="player-start" disabled>Play</button>
<script src="/hls.min.js"></script>
<script>
  const video = document.querySelector('video')
  const button = document.querySelector('button')
  const hls = new Hls()
  window.__hls = hls
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) window.__hlsError = data.details
  })
  hls.loadSource(${JSON.stringify(masterUrl)})
  hls.attachMedia(video)
  button.onclick = () => video.play().catch((error) => { window.__hlsError = String(error) })
  button.disabled = false
</script>
</body>
</html>
`)
  const files = {
    '/': { body: html, type: 'text/html; charset=utf-8' },
    '/hls.min.js': { body: script, type: 'text/javascript' },
  }
  const server = http.createServer((req, res) => {
    const file = files[req.url]
    if (!file) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length })
    res.end(file.body)
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  }
}
