import type { MailMessage } from '../../lib/mailer.js'

/**
 * The account mails, in plain text and HTML, in the channel's colours. Links are absolute and carry
 * one-time tokens; nothing else in the mail is secret.
 */
export interface MailChannel {
  name: string
  primaryColor: string
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function compose(
  channel: MailChannel,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${channel.name}`].join('\n\n')
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:${esc(channel.primaryColor)};color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:700">${esc(action.label)}</a></p><p style="font-size:12px;color:#667">${esc(action.url)}</p>`
    : ''
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2333;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;border-bottom:4px solid ${esc(channel.primaryColor)};padding-bottom:8px">${esc(channel.name)}</h1>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}${button}
</body></html>`
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) }
}

export const verificationMail = (c: MailChannel, to: string, url: string) =>
  compose(
    c,
    to,
    `Confirm your email address for ${c.name}`,
    [
      'Welcome! Confirm your email address to finish creating your account.',
      'The link works once and for 24 hours. If you did not sign up, ignore this message.',
    ],
    { label: 'Confirm email address', url },
  )

export const alreadyRegisteredMail = (c: MailChannel, to: string, loginUrl: string, resetUrl: string) =>
  compose(c, to, `Someone tried to sign up to ${c.name} with your address`, [
    'The email address you have entered is already registered.',
    `If it was you, sign in at ${loginUrl} — or, if you forgot your password, reset it at ${resetUrl}.`,
    'If it was not you, ignore this message: your account has not changed.',
  ])

export const passwordResetMail = (c: MailChannel, to: string, url: string) =>
  compose(
    c,
    to,
    `Reset your ${c.name} password`,
    [
      'We received a request to reset your password.',
      'The link works once and for 60 minutes. If you did not ask for it, ignore this message.',
    ],
    { label: 'Choose a new password', url },
  )

export const deletionMail = (c: MailChannel, to: string, url: string) =>
  compose(
    c,
    to,
    `Confirm the deletion of your ${c.name} account`,
    [
      'You asked to delete your account. This cannot be undone: your profile, favourites and clips will be removed.',
      'The link works once and for 60 minutes. If you did not ask for it, ignore this message and consider changing your password.',
    ],
    { label: 'Delete my account', url },
  )
