import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A mailbox that receives over real SMTP on loopback: the stand-in for a mail relay (design §6).
 */
export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
  /** The plain-text body, decoded. */
  text: string
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

function parse(raw: string, to: string[]): ReceivedMail {
  const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '')
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1]
  const parts = boundary ? raw.split(`--${boundary}`) : [raw]
  const textPart = parts.find((p) => /Content-Type: text\/plain/i.test(p)) ?? raw
  const [head = '', ...bodyParts] = textPart.split(/\r?\n\r?\n/)
  let body = bodyParts.join('\n\n')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) body = decodeQuotedPrintable(body)
  if (/Content-Transfer-Encoding: base64/i.test(head))
    body = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
  return { to, raw, subject, text: Buffer.from(body, 'latin1').toString('utf8') }
}

function decodeHeader(value: string) {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
      Buffer.from(decodeQuotedPrintable(q.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    )
    .replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_, b: string) => Buffer.from(b, 'base64').toString('utf8'))
    .replace(/\?=\s+=\?/g, '')
}

export async function startMailbox() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        )
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `to` whose subject matches, and returns it. */
    async next(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject))
        if (found) {
          // Taken out of the box, so the next call waits for a newer one.
          mails.splice(mails.indexOf(found), 1)
          return found
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    /** Mails to `to` received so far, without waiting. */
    to: (to: string) => mails.filter((m) => m.to.includes(to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>

/** The first absolute link in a mail's text. */
export const linkIn = (mail: ReceivedMail) => {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0]
  if (!url) throw new Error(`no link in: ${mail.text}`)
  return new URL(url)
}
