import { describe, expect, it } from 'vitest'
import type { AuditEntry, Operator } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import type { GoLiveRepository } from './go-live.repository.js'
import { encoderHost, GoLiveService, maskStreamKey } from './go-live.service.js'
import type { LiveService } from './live.service.js'

const KEY = 'abcdefghijklmnopqrstuvwx'

function setup() {
  const event = { id: 7, channel_id: 1, name: 'Final', stream_key: KEY, stream_status: 'upcoming' as const }
  const audited: AuditEntry[] = []
  const repo = {
    eventOnChannel: async (channelId: number, id: number) =>
      channelId === event.channel_id && id === event.id ? { ...event } : undefined,
    setStreamKey: async (_id: number, key: string) => {
      event.stream_key = key
    },
  } as unknown as GoLiveRepository
  const live = { broadcastOf: () => null, endEvent: async () => {} } as unknown as LiveService
  const service = new GoLiveService({
    repo,
    live,
    ingest: () => null,
    preview: async () => null,
    audit: (_op, entry) => void audited.push(entry),
    rtmpUrl: () => 'rtmp://example.org/live',
  })
  const op = (role: Operator['role'], channelId = 1): Operator => ({
    session: { channel: { id: channelId } } as unknown as Session,
    userId: 3,
    email: 'op@example.org',
    role,
  })
  return { service, op, audited, event }
}

describe('go live', () => {
  it('masks a key down to its last four characters', () => {
    expect(maskStreamKey(KEY)).toBe('••••••••uvwx')
  })

  it('shows the key masked, reveals it to those who may go live, and audits the reveal', async () => {
    const { service, op, audited } = setup()
    expect((await service.panel(op('producer'), 7, false)).stream_key).toBe('••••••••uvwx')
    expect(audited).toEqual([])
    expect((await service.panel(op('producer'), 7, true)).stream_key).toBe(KEY)
    expect(audited).toEqual([{ action: 'reveal-stream-key', resource: 'live', resourceId: 7 }])
    await expect(service.panel(op('support'), 7, false)).rejects.toMatchObject({ statusCode: 403 })
    await expect(service.panel(op('owner', 2), 7, false)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('rotates to a new key, audited without the keys themselves', async () => {
    const { service, op, audited, event } = setup()
    const answer = await service.rotateKey(op('manager'), 7)
    expect(answer.stream_key).toBe(event.stream_key)
    expect(event.stream_key).not.toBe(KEY)
    expect(event.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const rotation = audited.find((a) => a.action === 'rotate-stream-key')
    expect(JSON.stringify(rotation)).not.toContain(KEY)
    expect(JSON.stringify(rotation)).not.toContain(event.stream_key)
  })

  it('will not end a stream that is not live', async () => {
    const { service, op } = setup()
    await expect(service.end(op('owner'), 7)).rejects.toMatchObject({ statusCode: 409 })
  })
})

describe('the host encoders are pointed at', () => {
  it("names the console's host, or for a loopback name the address reached, and echoes nothing else", () => {
    expect(encoderHost('fieldhouse.example.org', '10.0.0.5')).toBe('fieldhouse.example.org')
    expect(encoderHost('192.168.1.20', '192.168.1.20')).toBe('192.168.1.20')
    // Loopback names no encoder's resolver knows: the address the request reached instead.
    expect(encoderHost('demo.localhost', '127.0.0.1')).toBe('127.0.0.1')
    expect(encoderHost('localhost', '::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(encoderHost('[::1]', '::1')).toBe('127.0.0.1')
    expect(encoderHost('club.localhost', '192.168.1.20')).toBe('192.168.1.20')
    expect(encoderHost('club.localhost', 'fd00::5')).toBe('[fd00::5]')
    // Nothing but a plain host name is echoed.
    for (const bad of ['', null, undefined, 'a b', 'evil.org/x', 'host:1935', 'x".org', `${'a'.repeat(254)}`])
      expect(encoderHost(bad, '127.0.0.1')).toBe('127.0.0.1')
  })
})
