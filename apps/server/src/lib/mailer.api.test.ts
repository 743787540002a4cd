import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createTestContext } from '../test/context.js'
import { type Mailbox, startMailbox } from '../test/mailbox.js'
import { createMailer, type Mailer } from './mailer.js'

const waitForMail = async (outbox: string) => {
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : []
    if (files[0]) return path.join(outbox, files[0])
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('no mail in the outbox')
}

/**
 * No secret in a log (issue 12): without SMTP_URL each mail is a file in the outbox. The log says
 * which file; the link in it — a verification token that signs its holder in — is logged only in
 * development, never in production, and the address never.
 */
describe.each(['production', 'development'] as const)('the outbox mail log with NODE_ENV=%s', (mode) => {
  it(
    mode === 'production' ? 'names the file, never the token or the address' : 'names the file and the link',
    async () => {
      const lines: string[] = []
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk))
          done()
        },
      })
      const ctx = await createTestContext('sqlite', {
        // Production refuses a cheaper password hash; one sign-up at the real cost.
        env: { NODE_ENV: mode, SCRYPT_LOG_N: '17' },
        logger: { level: 'info', stream },
      })
      try {
        const email = `outbox-${mode}@example.com`
        const anon = await ctx.apiKey()
        const res = await ctx.json('/api/v2/auth/register', {
          method: 'POST',
          body: {
            api_key: anon,
            email,
            password: 'correct horse battery',
            password_confirmation: 'correct horse battery',
            first_name: 'Sam',
            last_name: 'Keeper',
            terms: true,
          },
        })
        expect(res.status).toBe(200)
        const file = await waitForMail(ctx.config.outboxDir)
        const raw = fs
          .readFileSync(file, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
        const signature = /signature=([A-Za-z0-9_-]{20,})/.exec(raw)?.[1] as string
        expect(signature).toBeTruthy()
        for (let i = 0; i < 50 && !lines.some((l) => l.includes('mail written to the outbox')); i++) {
          await new Promise((r) => setTimeout(r, 20))
        }
        const line = lines.find((l) => l.includes('mail written to the outbox')) as string
        expect(JSON.parse(line)).toMatchObject({ file })
        expect(path.basename(file)).not.toContain('outbox-')
        const log = lines.join('\n')
        if (mode === 'production') {
          expect(log).not.toContain(signature)
          expect(log).not.toContain(email)
          expect(log).not.toContain(encodeURIComponent(email))
        } else {
          expect(JSON.parse(line).link).toContain(`signature=${signature}`)
        }
      } finally {
        await ctx.close()
      }
    },
  )
})

/**
 * A held send (the alerts' way, decision 0056): the relay receives the whole message but takes it only
 * when the hold settles; a hold that fails, or a sender that dies first, leaves the relay nothing.
 */
describe('a held send over SMTP', () => {
  const silent = { info() {}, warn() {}, error() {} } as never
  /** A pooled mailer to a mailbox on loopback, both closed after `use`. */
  async function withRelay(use: (mailer: Mailer, mailbox: Mailbox) => Promise<void>) {
    const mailbox = await startMailbox()
    const mailer = createMailer({
      smtpUrl: mailbox.url,
      from: 'a@example.com',
      outboxDir: '/nowhere',
      log: silent,
      pool: 2,
    })
    try {
      await use(mailer, mailbox)
    } finally {
      mailer.close?.()
      await mailbox.close()
    }
  }
  it('the relay takes the message only after the hold, with its headers and Message-ID', () =>
    withRelay(async (mailer, mailbox) => {
      let release: () => void = () => {}
      const held = new Promise<void>((r) => {
        release = r
      })
      const sending = mailer.send(
        { to: 'fan@example.com', subject: 'Live now', text: 'hi', html: '<p>hi</p>', messageId: '<alert-9@x.example>' },
        () => held,
      )
      await new Promise((r) => setTimeout(r, 300))
      expect(mailbox.to('fan@example.com')).toHaveLength(0)
      release()
      await sending
      const [mail] = mailbox.to('fan@example.com')
      expect(mail?.subject).toBe('Live now')
      expect(mail?.raw).toMatch(/^Message-ID: <alert-9@x\.example>$/m)
    }))

  it('a hold that fails sends nothing', () =>
    withRelay(async (mailer, mailbox) => {
      await expect(
        mailer.send({ to: 'fan@example.com', subject: 'No', text: 'x', html: 'x' }, () =>
          Promise.reject(new Error('not recorded')),
        ),
      ).rejects.toThrow()
      const after = await mailer
        .send({ to: 'fan@example.com', subject: 'Yes', text: 'x', html: 'x' }, () => Promise.resolve())
        .then(() => mailbox.to('fan@example.com').map((m) => m.subject))
      expect(after).toEqual(['Yes'])
    }))
})
