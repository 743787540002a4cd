import { STREAM_LEASE_MS } from '@fieldhouse/contract'
import type { Redis } from 'ioredis'
import { type Claim, type ClaimVerdict, type Lease, STOPPED_KEPT_MS } from './stream-leases.js'
import type { Account, EndedSessions, StreamLeaseStore } from './streams.store.js'

/**
 * `planClaim` (stream-leases.ts) as one Lua script, so a claim reads and writes an account's leases
 * atomically on the Redis server whichever API process sends it. The account's leases are one hash,
 * field = session id, value = JSON { i: id, d: device, s: started, e: expires, r: ended reason }.
 * `streams.api.test.ts` runs the same cases on this store and the database's.
 */
const CLAIM = `
local key, seqKey = KEYS[1], KEYS[2]
local sid, device, now, limit, mode, kind = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], ARGV[6]
local leaseMs, keptMs = tonumber(ARGV[7]), tonumber(ARGV[8])
local all = redis.call('HGETALL', key)
local mine = nil
local others = {}
for i = 1, #all, 2 do
  local lease = cjson.decode(all[i + 1])
  if all[i] == sid then
    mine = lease
  elseif lease.e <= now then
    redis.call('HDEL', key, all[i])
  elseif lease.r == nil then
    lease.f = all[i]
    table.insert(others, lease)
  end
end
local verdict = 'ok'
if mine and mine.r == nil and mine.e > now then
  mine.e = now + leaseMs
  redis.call('HSET', key, sid, cjson.encode(mine))
elseif mine and mine.r ~= nil and mine.e > now and kind == 'renew' then
  verdict = mine.r
else
  if mine then redis.call('HDEL', key, sid) end
  if #others >= limit and mode == 'refuse' then
    verdict = 'too_many'
  else
    table.sort(others, function(a, b) if a.s == b.s then return a.i < b.i end return a.s < b.s end)
    for n = 1, #others - limit + 1 do
      local old = others[n]
      local field = old.f
      old.f = nil
      old.r = 'replaced'
      old.e = now + keptMs
      redis.call('HSET', key, field, cjson.encode(old))
    end
    local id = redis.call('INCR', seqKey)
    redis.call('HSET', key, sid, cjson.encode({ i = id, d = device, s = now, e = now + leaseMs }))
  end
end
redis.call('PEXPIRE', key, leaseMs + keptMs)
return verdict
`

/** Stops the live lease with id ARGV[1]; 1 when one was stopped. */
const STOP = `
local all = redis.call('HGETALL', KEYS[1])
local now, keptUntil = tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 1, #all, 2 do
  local lease = cjson.decode(all[i + 1])
  if tostring(lease.i) == ARGV[1] and lease.r == nil and lease.e > now then
    lease.r = 'stopped'
    lease.e = keptUntil
    redis.call('HSET', KEYS[1], all[i], cjson.encode(lease))
    redis.call('PEXPIRE', KEYS[1], keptUntil - now + ${STREAM_LEASE_MS})
    return 1
  end
end
return 0
`

/** Deletes the session's lease if it is live. */
const RELEASE = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if raw and cjson.decode(raw).r == nil then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`

type Stored = { i: number; d: string; s: number; e: number; r?: 'stopped' | 'replaced' }

/**
 * Leases in Redis (`REDIS_URL`), shared by every API process. Signing out names a session, not its
 * account, so a session's account is remembered beside it (`session:{id}`) for as long as its lease.
 */
export class RedisStreamStore implements StreamLeaseStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'fieldhouse:streams:',
  ) {}

  private key(a: Account) {
    return `${this.prefix}${a.channelId}:${a.userId}`
  }

  async claim(account: Account, claim: Claim): Promise<ClaimVerdict> {
    const key = this.key(account)
    const verdict = (await this.redis.eval(
      CLAIM,
      2,
      key,
      `${this.prefix}seq`,
      String(claim.sessionId),
      claim.device.slice(0, 80),
      String(claim.now),
      String(claim.limit),
      claim.mode,
      claim.kind,
      String(STREAM_LEASE_MS),
      String(STOPPED_KEPT_MS),
    )) as string
    // Which account a session's lease is in, for sign-out (it names only the session).
    const kept = STREAM_LEASE_MS + STOPPED_KEPT_MS
    await this.redis
      .multi()
      .set(`${this.prefix}session:${claim.sessionId}`, key, 'PX', kept)
      .sadd(`${this.prefix}user:${account.userId}`, key)
      .pexpire(`${this.prefix}user:${account.userId}`, kept)
      .exec()
    if (verdict === 'ok') return { ok: true }
    return { ok: false, reason: verdict as 'too_many' | 'stopped' | 'replaced' }
  }

  async leases(account: Account): Promise<Lease[]> {
    const all = await this.redis.hgetall(this.key(account))
    return Object.entries(all).map(([sessionId, raw]) => {
      const v = JSON.parse(raw) as Stored
      return {
        id: v.i,
        sessionId: Number(sessionId),
        device: v.d,
        startedAt: v.s,
        expiresAt: v.e,
        endedReason: v.r ?? null,
      }
    })
  }

  async stop(account: Account, leaseId: number, now: number, keptUntil: number) {
    const stopped = await this.redis.eval(STOP, 1, this.key(account), String(leaseId), String(now), String(keptUntil))
    return stopped === 1
  }

  async release(account: Account, sessionId: number) {
    await this.redis.eval(RELEASE, 1, this.key(account), String(sessionId))
  }

  async endSessions(ended: EndedSessions) {
    if ('sessionId' in ended) {
      const key = await this.redis.get(`${this.prefix}session:${ended.sessionId}`)
      if (key) await this.redis.hdel(key, String(ended.sessionId))
      return
    }
    for (const key of await this.redis.smembers(`${this.prefix}user:${ended.userId}`)) {
      const sessions = await this.redis.hkeys(key)
      const gone = sessions.filter((s) => s !== String(ended.keepSessionId))
      if (gone.length > 0) await this.redis.hdel(key, ...gone)
    }
  }
}
