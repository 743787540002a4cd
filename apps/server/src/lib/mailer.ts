import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

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
  send(message: MailMessage): Promise<void>
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
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: options.pool,
          maxMessages: 1000,
        })
      : nodemailer.createTransport(options.smtpUrl)
    return {
      async send(m) {
        const { from } = options
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, ...extras(m) })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(m) {
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
