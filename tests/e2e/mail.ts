import fs from 'node:fs'
import path from 'node:path'

/**
 * Reads the mails the server wrote to its outbox (the embedded default: no SMTP relay) and returns the
 * link of the newest one to `to` whose subject matches.
 */
export async function linkFromOutbox(dataDir: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<URL> {
  const outbox = path.join(dataDir, 'outbox')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : []
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8')
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      const subjectLine = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? ''
      if (/^To: (.*)$/m.exec(unfolded)?.[1]?.includes(to) && subject.test(subjectLine)) {
        const url = /https?:\/\/[^\s<>"]+/.exec(unfolded)?.[0]
        if (url) return new URL(url)
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} in ${outbox}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Sets who the stand-in provider says is signing in. */
export function setOidcIdentity(dataDir: string, claims: Record<string, unknown>) {
  fs.writeFileSync(path.join(dataDir, 'oidc-identity.json'), JSON.stringify(claims))
}
