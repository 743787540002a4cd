import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js'

/** A message as the product writes it: plain text and HTML, both complete. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the message is about, for the outbox log line in the embedded mode. */
  link?: string
  /** Extra headers (an alert's `List-Unsubscribe`). */
  headers?: Record<string, string>
  /** The message's own Message-ID, the same on every attempt to send it (an alert's). */
  messageId?: string
}

export interface Mailer {
  /**
   * Sends one message. With `hold`, the whole message goes to the relay but its end (SMTP's final dot,
   * which is when the relay takes it) waits for `hold` to settle: a sender that records "sent" there, and
   * dies before or after, neither sends a message twice nor records one never sent (a relay drops a
   * message whose connection closed before its end). A `hold` that fails sends nothing.
   */
  send(message: MailMessage, hold?: () => Promise<void>): Promise<void>
  /** Closes the connections a pool keeps open (at shutdown). */
  close?(): void
}

/**
 * A connection to the relay that sends each write at once. SMTP is a conversation of small writes (a
 * command, then the message's last line and its dot): with Nagle's algorithm the dot waits for the
 * relay's delayed acknowledgement of the body, up to 40 ms a message, and a pooled sender runs at a
 * tenth of its speed (measured: 1,000 mails over 5 connections, 9.1 s against 0.7 s).
 */
function noDelaySocket(
  options: { host?: string; port?: number },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
) {
  const socket = net.connect(options.port ?? 25, options.host ?? 'localhost', () => {
    socket.off('error', callback)
    callback(null, { connection: socket })
  })
  socket.setNoDelay(true)
  socket.once('error', callback)
}

/** The message's bytes as a stream whose end waits for `hold` (nodemailer sends a raw stream as it is). */
function heldRaw(bytes: Buffer, hold: () => Promise<void>) {
  const raw = new Readable({ read() {} })
  raw.push(bytes)
  hold().then(
    () => raw.push(null),
    (error: unknown) => raw.destroy(error instanceof Error ? error : new Error(String(error))),
  )
  return raw
}

/** The mailer's settings from the config: links are logged in development only (see below). */
export const mailSettingsOf = (
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string; outboxDir: string; NODE_ENV: string },
  log: FastifyBaseLogger,
) => ({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  outboxDir: config.outboxDir,
  log,
  logLinks: config.NODE_ENV === 'development',
})

/**
 * `SMTP_URL` set: a real relay over SMTP. Unset (the embedded default): each message is written to
 * `DATA_DIR/outbox/*.eml`, and the log says which file. The link itself (a sign-in, verification or
 * reset token) is logged only in development (`logLinks`), where the developer follows it; in
 * production logs are shipped and kept, and a token in them is an account taken over — there the
 * line names the file only, never the token or the address.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined
  from: string
  outboxDir: string
  log: FastifyBaseLogger
  logLinks?: boolean
  /**
   * Keep up to this many SMTP connections open and send over them (the alerts' fan-out sends thousands
   * in a minute); unset, one connection per message.
   */
  pool?: number
}): Mailer {
  const extras = (m: MailMessage) => ({
    ...(m.headers ? { headers: m.headers } : {}),
    ...(m.messageId ? { messageId: m.messageId } : {}),
  })
  if (options.smtpUrl) {
    const transport = options.pool
      ? // Not `url`: nodemailer then takes the URL's settings alone and drops the pool's.
        nodemailer.createTransport({
          ...parseConnectionUrl(options.smtpUrl),
          pool: true,
          maxConnections: options.pool,
          maxMessages: 1000,
          getSocket: noDelaySocket,
        })
      : nodemailer.createTransport(options.smtpUrl)
    return {
      async send(m, hold) {
        const mail = { from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html, ...extras(m) }
        if (!hold) {
          await transport.sendMail(mail)
          return
        }
        const bytes = await new MailComposer(mail).compile().build()
        await transport.sendMail({ envelope: { from: options.from, to: [m.to] }, raw: heldRaw(bytes, hold) })
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(m, hold) {
      // The outbox keeps the same order: what is recorded first, then the file.
      await hold?.()
      const info = await transport.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...extras(m),
      })
      fs.mkdirSync(options.outboxDir, { recursive: true })
      const file = path.join(options.outboxDir, `${Date.now()}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`)
      fs.writeFileSync(file, info.message as Buffer)
      options.log.info(
        { file, subject: m.subject, ...(options.logLinks && m.link ? { link: m.link } : {}) },
        'mail written to the outbox',
      )
    },
  }
}
