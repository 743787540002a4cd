import { messages } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { alreadyRegisteredMail, deletionMail, passwordResetMail, verificationMail } from './mail-templates.js'

const channel = (language: string) => ({ name: 'North <League>', primaryColor: '#ff5a1f', language })

describe('account mails', () => {
  it('write plain text and HTML with the link, escaping the channel name', () => {
    const mail = verificationMail(channel('en'), 'a@b.co', 'https://tv.example/verify-email?x=1&y=2')
    expect(mail.subject).toBe('Confirm your email address for North <League>')
    expect(mail.text).toContain('Confirm email address: https://tv.example/verify-email?x=1&y=2')
    expect(mail.html).toContain('North &#60;League&#62;')
    expect(mail.html).toContain('href="https://tv.example/verify-email?x=1&#38;y=2"')
    expect(mail.link).toBe('https://tv.example/verify-email?x=1&y=2')
  })

  it("speak the channel's language, English when it has none of ours", () => {
    expect(passwordResetMail(channel('fr'), 'a@b.co', 'https://x').subject).toBe(
      'Réinitialisez votre mot de passe North <League>',
    )
    expect(deletionMail(channel('bg'), 'a@b.co', 'https://x').text).toContain('Изтрийте профила ми: https://x')
    expect(verificationMail(channel('de'), 'a@b.co', 'https://x').subject).toMatch(/^Confirm your email/)
  })

  it('tell the owner of a known address in the spec words', () => {
    expect(alreadyRegisteredMail(channel('en'), 'a@b.co', 'https://x/login', 'https://x/reset').text).toContain(
      messages.emailTaken,
    )
  })
})
