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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

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
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(m) {
        await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html })
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
