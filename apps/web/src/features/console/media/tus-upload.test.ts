import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTusUpload } from './tus-upload'

const MiB = 1024 * 1024

interface Sent {
  method: string
  url: string
  headers: Record<string, string>
  body: Blob | null
}
type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'drop'

/** A tus server in memory behind a stand-in XMLHttpRequest: `reply` may refuse or drop any request. */
function tusServer() {
  const received: Uint8Array[] = []
  const server = {
    requests: [] as Sent[],
    length: 0,
    offset: 0,
    metadata: '',
    /** Bytes of the next PATCH the server keeps before the connection drops (once). */
    dropAfter: null as number | null,
    refuse: null as Reply | null,
    /** After the drop, every request is dropped: the network is gone. */
    deadAfterDrop: false,
    bytes: () => {
      const all = new Uint8Array(received.reduce((n, c) => n + c.length, 0))
      let at = 0
      for (const chunk of received) {
        all.set(chunk, at)
        at += chunk.length
      }
      return all
    },
  }
  const handle = async (req: Sent): Promise<Reply> => {
    server.requests.push(req)
    if (server.refuse) return server.refuse
    if (server.deadAfterDrop && server.dropAfter === null) return 'drop'
    if (req.method === 'POST') {
      server.length = Number(req.headers['Upload-Length'])
      server.metadata = req.headers['Upload-Metadata'] ?? ''
      return { status: 201, headers: { location: '/api/admin/uploads/abc123' } }
    }
    if (req.method === 'HEAD') return { status: 200, headers: { 'upload-offset': String(server.offset) } }
    if (req.method === 'PATCH') {
      if (Number(req.headers['Upload-Offset']) !== server.offset) return { status: 409 }
      const chunk = new Uint8Array(await (req.body as Blob).arrayBuffer())
      if (server.dropAfter !== null) {
        const kept = chunk.subarray(0, server.dropAfter)
        received.push(kept)
        server.offset += kept.length
        server.dropAfter = null
        return 'drop'
      }
      received.push(chunk)
      server.offset += chunk.length
      return { status: 204, headers: { 'upload-offset': String(server.offset) } }
    }
    return { status: 405 }
  }
  class FakeXhr {
    upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    status = 0
    responseText = ''
    private method = ''
    private url = ''
    private headers: Record<string, string> = {}
    private replyHeaders: Record<string, string> = {}
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    getResponseHeader(name: string) {
      return this.replyHeaders[name.toLowerCase()] ?? null
    }
    send(body: Blob | null) {
      void handle({ method: this.method, url: this.url, headers: this.headers, body }).then((reply) => {
        if (reply === 'drop') return this.onerror?.()
        if (body) this.upload.onprogress?.({ loaded: body.size })
        this.status = reply.status
        this.replyHeaders = reply.headers ?? {}
        this.responseText = reply.body ?? ''
        this.onload?.()
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return server
}

const storage = new Map<string, string>()
beforeEach(() => {
  storage.clear()
  vi.stubGlobal('window', { location: { href: 'http://club.localhost/admin/media' } })
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** A file of `size` bytes whose every byte says where it is. */
const fileOf = (size: number) => {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 12)) & 255
  return new File([bytes], 'Game été.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 })
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

const start = (file: File, progress: number[] = [], created: string[] = []) =>
  startTusUpload({
    endpoint: '/api/admin/uploads',
    apiKey: 'key-1',
    file,
    target: { target: 'event', event_id: 7 },
    onProgress: (sent) => progress.push(sent),
    onCreated: (id) => created.push(id),
    retryDelaysMs: [0, 0, 0],
  })

describe('startTusUpload', () => {
  it('creates the upload with its metadata and sends the file in 8 MiB requests, every byte as it is', async () => {
    const server = tusServer()
    const file = fileOf(17 * MiB + 5)
    const progress: number[] = []
    const created: string[] = []
    const { done } = await start(file, progress, created)
    await expect(done).resolves.toBe('abc123')
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH'])
    expect(server.requests[0]?.url).toBe('http://club.localhost/api/admin/uploads')
    expect(server.requests[1]?.url).toBe('http://club.localhost/api/admin/uploads/abc123')
    expect(server.requests.every((r) => r.headers.Authorization === 'Bearer key-1')).toBe(true)
    expect(server.requests.every((r) => r.headers['Tus-Resumable'] === '1.0.0')).toBe(true)
    const metadata = Object.fromEntries(
      server.metadata.split(',').map((pair) => {
        const [key, value] = pair.split(' ')
        return [key, new TextDecoder().decode(Uint8Array.from(atob(value ?? ''), (c) => c.charCodeAt(0)))]
      }),
    )
    expect(metadata).toEqual({ filename: 'Game été.mp4', target: 'event', event_id: '7' })
    expect(server.length).toBe(file.size)
    expect(sameBytes(server.bytes(), new Uint8Array(await file.arrayBuffer()))).toBe(true)
    expect(created).toEqual(['abc123'])
    expect(progress.at(-1)).toBe(file.size)
    // Done: nothing left to resume.
    expect(storage.size).toBe(0)
  })

  it('after a dropped request asks the server its offset and goes on from there', async () => {
    const server = tusServer()
    const file = fileOf(9 * MiB)
    server.dropAfter = 3 * MiB
    const { done } = await start(file)
    await expect(done).resolves.toBe('abc123')
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH'])
    expect(server.requests[3]?.headers['Upload-Offset']).toBe(String(3 * MiB))
    expect(sameBytes(server.bytes(), new Uint8Array(await file.arrayBuffer()))).toBe(true)
  })

  it('resumes an upload of the same file to the same place that a reload interrupted', async () => {
    const server = tusServer()
    const file = fileOf(9 * MiB)
    server.dropAfter = 2 * MiB
    server.deadAfterDrop = true
    // The network goes at 2 MiB and every retry fails: the upload gives up, as a closed tab would.
    const first = await start(file)
    await expect(first.done).rejects.toThrow('The connection dropped.')
    expect(storage.size).toBe(1)
    server.deadAfterDrop = false
    server.requests = []
    const { done } = await start(file)
    await expect(done).resolves.toBe('abc123')
    expect(server.requests.map((r) => r.method)).toEqual(['HEAD', 'PATCH'])
    expect(server.requests[1]?.headers['Upload-Offset']).toBe(String(2 * MiB))
    expect(sameBytes(server.bytes(), new Uint8Array(await file.arrayBuffer()))).toBe(true)
  })

  it("fails with the server's words when it refuses the upload", async () => {
    const server = tusServer()
    server.refuse = { status: 403, body: JSON.stringify({ message: 'Your role may not upload media.' }) }
    const { done } = await start(fileOf(1000))
    await expect(done).rejects.toThrow('Your role may not upload media.')
    expect(storage.size).toBe(0)
  })
})
