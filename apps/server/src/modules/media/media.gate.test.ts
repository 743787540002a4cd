import { describe, expect, it } from 'vitest'
import type { ChannelRow, MediaAssetRow } from '../../db/schema.js'
import type { AccessService } from '../access/access.service.js'
import { MediaGate } from './media.gate.js'
import { signToken } from './playback-token.js'

const secret = Buffer.from('0123456789abcdef0123456789abcdef')
const start = 1_800_000_000_000

describe('media gate', () => {
  // The asset and the session as the repositories would answer: asset 7 of channel 1, session 42 on it.
  let now = start
  const gate = new MediaGate({
    repo: {
      assetContext: async (id: number) =>
        id === 7
          ? {
              asset: { id: 7, status: 'ready' } as MediaAssetRow,
              channel: { id: 1 } as ChannelRow,
              geoRules: undefined,
            }
          : null,
    },
    keys: { findLiveById: async (id: number) => (id === 42 ? { channel_id: 1 } : undefined) },
    access: { isGeoBlocked: () => false } as unknown as AccessService,
    secret,
    clock: () => now,
  })
  const token = signToken(secret, { sessionId: 42, assetId: 7, expiresAt: start + 60_000, scope: 'play' })

  it('checks the expiry on every request, after the signature was checked once', async () => {
    now = start
    expect(gate.limitKeyOf(token, '7', 'play')).toBe('m:42')
    expect((await gate.check(token, 7, null, 'play')).ok).toBe(true)
    now = start + 60_000
    expect(await gate.check(token, 7, null, 'play')).toEqual({ ok: false, status: 403, reason: 'expired' })
    // The limiter still names the token's own viewer: an old tab spends its own budget.
    expect(gate.limitKeyOf(token, '7', 'play')).toBe('m:42')
  })

  it('holds a signature to its asset and scope, however often the token was seen', async () => {
    now = start
    expect((await gate.check(token, 7, null, 'play')).ok).toBe(true)
    expect(await gate.check(token, 8, null, 'play')).toEqual({ ok: false, status: 403, reason: 'signature' })
    expect(await gate.check(token, 7, null, 'download')).toEqual({ ok: false, status: 403, reason: 'signature' })
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await gate.check(forged, 7, null, 'play')).toEqual({ ok: false, status: 403, reason: 'signature' })
    expect(gate.limitKeyOf(forged, '7', 'play')).toBeNull()
  })
})
