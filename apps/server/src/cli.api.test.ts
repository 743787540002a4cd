import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from './cli.js'

describe('npm run cli -- channel …', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-cli-'))
    vi.stubEnv('DATA_DIR', dataDir)
    vi.stubEnv('DATABASE_URL', '')
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const run = async (...argv: string[]) => {
    const lines: string[] = []
    const code = await runCli(argv, (l) => lines.push(l))
    return { code, out: lines.join('\n') }
  }

  it('creates a channel and lists it with its hosts (verified: the deployment named them)', async () => {
    const created = await run(
      'channel',
      'create',
      '--key',
      'eastside',
      '--name',
      'Eastside League',
      '--domain',
      'east.example',
      '--domain',
      'WWW.East.example',
    )
    expect(created.code).toBe(0)
    expect(created.out).toMatch(/^Created channel eastside \(id \d+\)\.$/)
    const list = await run('channel', 'list')
    expect(list.code).toBe(0)
    // The list names the hosts that serve a channel: verified ones only (decision 0041).
    expect(list.out).toBe('eastside\tEastside League\teast.example,www.east.example')
  })

  it('refuses a duplicate key, a bad key and a missing name, and changes nothing', async () => {
    await run('channel', 'create', '--key', 'eastside', '--name', 'Eastside League')
    expect(await run('channel', 'create', '--key', 'eastside', '--name', 'Again')).toMatchObject({
      code: 1,
      out: 'A channel with key "eastside" already exists.',
    })
    const bad = await run('channel', 'create', '--key', 'East Side!', '--name', 'X')
    expect(bad.code).toBe(2)
    expect(bad.out).toContain('--key: A channel key is lower-case letters, digits, - and _')
    expect((await run('channel', 'create', '--key', 'west')).out).toContain('--name is required')
    expect((await run('channel', 'list')).out).toBe('eastside\tEastside League\t')
  })

  it('sets a channel’s colours and tells the operator what had to be adjusted for contrast', async () => {
    await run('channel', 'create', '--key', 'eastside', '--name', 'Eastside League')
    const set = await run(
      'channel',
      'colors',
      '--key',
      'eastside',
      '--set',
      'body-background=#ffffff',
      '--set',
      'body-text-color=#1a1a1a',
      '--set',
      'primary-color=#ff5a1f',
      '--set',
      'primary-text-color=#ffffff',
    )
    expect(set.code).toBe(0)
    expect(set.out).toContain('primary-color\t#ff5a1f')
    expect(set.out).toContain('Adjusted for contrast (WCAG AA)')
    expect(set.out).toMatch(
      /primary-text-color: #ffffff is adjusted to #[0-9a-f]{6} \(contrast on primary-color 3\.\d+:1/,
    )
    expect(set.out).not.toContain('body-text-color:')
    // Readable choices: nothing to report; stored values are the operator's own.
    const fixed = await run('channel', 'colors', '--key', 'eastside', '--set', 'primary-color=#0b57d0')
    expect(fixed.out).toContain('primary-text-color\t#ffffff')
    expect(fixed.out).not.toContain('primary-text-color: #ffffff is adjusted')
    const bad = await run('channel', 'colors', '--key', 'eastside', '--set', 'primary-color=orange')
    expect(bad).toMatchObject({ code: 2, out: '--set primary-color: A colour is a hex value such as #0b1d3a' })
    expect((await run('channel', 'colors', '--key', 'nowhere')).code).toBe(1)
  })

  it('creates a user with a temporary password shown once, who must change it', async () => {
    vi.stubEnv('NODE_ENV', 'test')
    vi.stubEnv('SCRYPT_LOG_N', '12')
    await run('channel', 'create', '--key', 'eastside', '--name', 'Eastside League')
    const res = await run(
      'user',
      'create',
      '--channel',
      'eastside',
      '--email',
      'Coach@Example.com',
      '--first-name',
      'Pat',
      '--temporary-password',
    )
    expect(res.code).toBe(0)
    const password = /Temporary password \(shown once\): (\S+)$/.exec(res.out)?.[1]
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const { openDatabase } = await import('./db/database.js')
    const db = openDatabase({ sqliteFile: path.join(dataDir, 'fieldhouse.sqlite') })
    const user = await db.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    await db.close()
    expect(user).toMatchObject({ email: 'coach@example.com', first_name: 'Pat', temporary_password: 1 })
    expect(user.password_hash).not.toContain(password as string)
    expect(
      (await run('user', 'create', '--channel', 'eastside', '--email', 'coach@example.com', '--temporary-password'))
        .code,
    ).toBe(1)
    expect((await run('user', 'create', '--channel', 'nope', '--email', 'a@b.co', '--temporary-password')).out).toBe(
      'No channel with key "nope".',
    )
    expect((await run('user', 'create', '--channel', 'eastside', '--email', 'bad', '--temporary-password')).code).toBe(
      2,
    )
  })

  it('creates a channel with its first owner: prints a single-use invitation link on the channel’s domain', async () => {
    vi.stubEnv('PUBLIC_URL', 'http://localhost:3000')
    const created = await run(
      'channel',
      'create',
      '--key',
      'eastside',
      '--name',
      'Eastside League',
      '--domain',
      'east.localhost',
      '--owner',
      'Coach@Example.com',
    )
    expect(created.code).toBe(0)
    const lines = created.out.split('\n')
    expect(lines[1]).toBe(
      'Owner invitation for coach@example.com (single use, valid 7 days): open it to set up the channel:',
    )
    const link = lines[2] as string
    expect(link).toMatch(/^http:\/\/east\.localhost:3000\/admin\/invitation\/[A-Za-z0-9_-]{43}$/)

    const invited = await run(
      'channel',
      'invite',
      '--channel',
      'eastside',
      '--email',
      'crew@example.com',
      '--role',
      'producer',
    )
    expect(invited.code).toBe(0)
    expect(invited.out).toContain('Invitation for crew@example.com as producer on eastside')

    const { openDatabase } = await import('./db/database.js')
    const { hashToken } = await import('./lib/secrets.js')
    const db = openDatabase({ sqliteFile: path.join(dataDir, 'fieldhouse.sqlite') })
    try {
      const rows = await db.kysely.selectFrom('operator_invitations').selectAll().orderBy('id').execute()
      expect(rows.map((r) => [r.email, r.role, r.used_at])).toEqual([
        ['coach@example.com', 'owner', null],
        ['crew@example.com', 'producer', null],
      ])
      // Only the token's hash is kept.
      const token = link.split('/').at(-1) as string
      expect(rows[0]?.token_hash).toBe(hashToken(token))
      expect(JSON.stringify(rows)).not.toContain(token)
      expect(Number(rows[0]?.expires_at) - Number(rows[0]?.created_at)).toBe(7 * 24 * 3600_000)
    } finally {
      await db.close()
    }
  })

  it('refuses an invitation with a bad role, a bad email or an unknown channel', async () => {
    await run('channel', 'create', '--key', 'eastside', '--name', 'Eastside League')
    expect(
      (await run('channel', 'invite', '--channel', 'eastside', '--email', 'a@example.com', '--role', 'admin')).out,
    ).toContain('--role: Choose owner, manager, producer, support or scorer')
    expect((await run('channel', 'invite', '--channel', 'eastside', '--email', 'nope', '--role', 'support')).code).toBe(
      2,
    )
    expect(
      await run('channel', 'invite', '--channel', 'west', '--email', 'a@example.com', '--role', 'support'),
    ).toEqual({
      code: 1,
      out: 'No channel with key "west".',
    })
    expect((await run('channel', 'create', '--key', 'west', '--name', 'West', '--owner', 'not-an-email')).code).toBe(2)
    expect((await run('channel', 'list')).out).toBe('eastside\tEastside League\t')
  })

  it('shows its usage for an unknown command', async () => {
    const res = await run('channel', 'delete')
    expect(res.code).toBe(2)
    expect(res.out).toContain('npm run cli -- channel create --key KEY --name NAME')
  })
})
