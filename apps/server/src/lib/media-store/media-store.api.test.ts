import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoopbackS3, startLoopbackS3 } from '../../test/s3-server.js'
import { createMediaStore, LocalMediaStore, type MediaStore, parseS3Url, S3MediaStore } from './index.js'

/** The same contract, case by case, on the local folder and on a real S3-compatible server on loopback. */
let s3: LoopbackS3
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-store-'))
beforeAll(async () => {
  s3 = await startLoopbackS3()
})
afterAll(async () => {
  await s3?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

const backends: [string, () => MediaStore][] = [
  ['local', () => new LocalMediaStore(fs.mkdtempSync(path.join(tmp, 'local-')))],
  [
    's3',
    () =>
      new S3MediaStore({
        bucket: s3.bucket,
        prefix: `p${Math.random().toString(36).slice(2, 8)}/media`,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        tmpRoot: fs.mkdtempSync(path.join(tmp, 's3tmp-')),
        credentials: s3.credentials,
      }),
  ],
]

const text = async (r: Readable | null) => {
  if (!r) return null
  const chunks: Buffer[] = []
  for await (const c of r) chunks.push(Buffer.from(c))
  return Buffer.concat(chunks).toString()
}

describe.each(backends)('media store: %s', (_name, make) => {
  it('puts bytes, a stream and a file; reads them whole and by range; stats and lists', async () => {
    const store = make()
    await store.put('assets/1/master.m3u8', { bytes: '#EXTM3U\n' })
    await store.put('assets/1/360p/seg_00000.ts', { stream: Readable.from([Buffer.from('0123456789')]) })
    const file = path.join(tmp, `f-${Math.random()}`)
    fs.writeFileSync(file, 'poster-bytes')
    await store.put('assets/1/poster.jpg', { file })
    expect(fs.existsSync(file)).toBe(false)

    expect((await store.readBytes('assets/1/master.m3u8'))?.toString()).toBe('#EXTM3U\n')
    expect(await text(await store.read('assets/1/360p/seg_00000.ts', { start: 2, end: 5 }))).toBe('2345')
    expect(await text(await store.read('assets/1/poster.jpg'))).toBe('poster-bytes')
    const facts = await store.stat('assets/1/360p/seg_00000.ts')
    expect(facts?.size).toBe(10)
    expect(facts?.etag).toMatch(/^W\/"a-[0-9a-f]+"$/)
    expect(await store.stat('assets/1/nothing.ts')).toBeNull()
    expect(await store.read('assets/1/nothing.ts')).toBeNull()
    expect(await store.readBytes('assets/2/master.m3u8')).toBeNull()
    expect(await store.list('assets/1')).toEqual([
      'assets/1/360p/seg_00000.ts',
      'assets/1/master.m3u8',
      'assets/1/poster.jpg',
    ])
    expect(await store.list('assets/9')).toEqual([])

    const handle = await store.open('assets/1/360p/seg_00000.ts')
    expect(handle?.size).toBe(10)
    expect((await handle!.read(7, 3)).toString()).toBe('789')
    expect(await text(handle!.stream(0, 4))).toBe('0123')
    await handle!.close()
    expect(await store.open('assets/1/none.ts')).toBeNull()
  })

  it('publishes a work folder (master last) and deletes a prefix, leaving nothing behind', async () => {
    const store = make()
    const work = await store.workDir('assets/5')
    fs.mkdirSync(path.join(work, '720p'), { recursive: true })
    fs.writeFileSync(path.join(work, '720p', 'index.m3u8'), '#EXTM3U\n#EXTINF:2,\nseg_00000.ts\n')
    fs.writeFileSync(path.join(work, '720p', 'seg_00000.ts'), 'x'.repeat(100))
    fs.writeFileSync(path.join(work, 'master.m3u8'), '#EXTM3U\n')
    await store.publishDir(work, 'assets/5', (rel) => rel.startsWith('720p/'))
    // The local backend's work folder is its own: what is written there is already published.
    expect(await store.list('assets/5')).toEqual(
      store.kind === 'local'
        ? ['assets/5/720p/index.m3u8', 'assets/5/720p/seg_00000.ts', 'assets/5/master.m3u8']
        : ['assets/5/720p/index.m3u8', 'assets/5/720p/seg_00000.ts'],
    )
    await store.publishDir(work, 'assets/5')
    expect(await store.list('assets/5')).toContain('assets/5/master.m3u8')
    await store.releaseWorkDir(work)
    await store.put('assets/50/keep.jpg', { bytes: 'k' })

    const copied = await store.withLocalCopy('assets/5/720p', async (dir) =>
      fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8'),
    )
    expect(copied).toContain('seg_00000.ts')

    expect(await store.deletePrefix('assets/5')).toBe(3)
    expect(await store.list('assets/5')).toEqual([])
    // A prefix is a folder: assets/5 is not assets/50.
    expect(await store.list('assets/50')).toEqual(['assets/50/keep.jpg'])
  })

  it('refuses keys that would leave its root', async () => {
    const store = make()
    for (const key of ['../x', '/etc/passwd', 'assets//1', 'assets/./1', 'a\\b', '']) {
      await expect(store.put(key, { bytes: 'x' })).rejects.toThrow(/invalid media key/)
    }
  })
})

describe('S3 addressing and URLs', () => {
  it('reads s3://bucket/prefix and signs a URL that fetches the object', async () => {
    expect(parseS3Url('s3://media-bucket/a/b/')).toEqual({ bucket: 'media-bucket', prefix: 'a/b' })
    expect(parseS3Url('s3://media-bucket')).toEqual({ bucket: 'media-bucket', prefix: '' })
    expect(parseS3Url('/var/media')).toBeNull()
    const store = createMediaStore({ mediaDir: tmp, MEDIA_STORE: `s3://${s3.bucket}/signed`, S3_ENDPOINT: s3.endpoint })
    expect(store.kind).toBe('s3')
    expect(store.location).toBe(`s3://${s3.bucket}/signed`)
    await store.put('assets/3/poster.jpg', { bytes: 'jpeg' })
    const url = await store.url('assets/3/poster.jpg', 60)
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/signed/assets/3/poster.jpg\\?`))
    const res = await fetch(url!)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(await res.text()).toBe('jpeg')
    expect(createMediaStore({ mediaDir: tmp }).kind).toBe('local')
    expect(await createMediaStore({ mediaDir: tmp }).url('assets/3/poster.jpg', 60)).toBeNull()
  })
})

describe('S3 reads over a connection that breaks', () => {
  /**
   * A loopback relay to the S3 server that, for the first `cuts` GETs of an object, sends the answer's
   * head and half its body, then closes the connection: what a reset connection or an object rewritten
   * under the read looks like to the SDK.
   */
  async function startCuttingRelay(cuts: number) {
    let left = cuts
    let gets = 0
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const upstream = await fetch(s3.endpoint + (req.url ?? '/'), {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection') as [string, string][],
        ),
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      })
      const body = Buffer.from(await upstream.arrayBuffer())
      const head: Record<string, string> = {}
      upstream.headers.forEach((v, k) => {
        if (k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') head[k] = v
      })
      const cut = req.method === 'GET' && !req.url?.includes('list-type') && body.length > 1 && left > 0
      if (req.method === 'GET') gets++
      res.writeHead(upstream.status, { ...head, 'content-length': String(body.length) })
      if (!cut) return res.end(body)
      left--
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy())
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as AddressInfo
    return {
      endpoint: `http://127.0.0.1:${port}`,
      gets: () => gets,
      close: () => new Promise<void>((r) => server.close(() => r())),
    }
  }

  const storeAt = (endpoint: string) =>
    new S3MediaStore({
      bucket: s3.bucket,
      prefix: `cut${Math.random().toString(36).slice(2, 8)}`,
      endpoint,
      region: 'us-east-1',
      tmpRoot: fs.mkdtempSync(path.join(tmp, 's3tmp-')),
      credentials: s3.credentials,
    })
  const playlist = `#EXTM3U\n${'#EXTINF:1.000,\nseg.ts\n'.repeat(200)}`

  it('reads a whole object again when its body is cut short, and gives it whole', async () => {
    const relay = await startCuttingRelay(2)
    try {
      const store = storeAt(relay.endpoint)
      await store.put('assets/7/source/index.m3u8', { bytes: playlist })
      expect((await store.readBytes('assets/7/source/index.m3u8'))?.toString()).toBe(playlist)
      expect(relay.gets()).toBe(3)
    } finally {
      await relay.close()
    }
  })

  it('gives up after its tries and says why, rather than returning half an object', async () => {
    const relay = await startCuttingRelay(10)
    try {
      const store = storeAt(relay.endpoint)
      await store.put('assets/8/source/index.m3u8', { bytes: playlist })
      await expect(store.readBytes('assets/8/source/index.m3u8')).rejects.toThrow(/aborted|ECONNRESET|premature/i)
      expect(relay.gets()).toBe(3)
    } finally {
      await relay.close()
    }
  })
})
