import { describe, expect, it } from 'vitest'
import { alertMail, alertWords, lead } from './alert-mails.js'

const links = {
  watch: 'https://tv.example.com/api/alerts/c/1.x',
  opened: 'https://tv.example.com/api/alerts/o/1.x.gif',
  settings: 'https://tv.example.com/profile/alerts',
  unsubscribePage: 'https://tv.example.com/unsubscribe?token=5.y',
  unsubscribePost: 'https://tv.example.com/api/alerts/unsubscribe/5.y',
}
const channel = { name: 'County <League>', primaryColor: '#123456', language: 'en' }
const game = { kind: 'go_live' as const, game: 'Jays @ Owls', minutes: 0, when: '7:00 PM', followed: 'Austin Owls' }

describe('alert mails', () => {
  it('says the time left as a person would', () => {
    expect(lead(22.4, 'en')).toBe('22 minutes')
    expect(lead(59.7, 'en')).toBe('1 hour')
    expect(lead(93, 'en')).toBe('95 minutes')
    expect(lead(1439, 'en')).toBe('24 hours')
    expect(lead(30, 'fr')).toBe('30 minutes')
    expect(lead(120, 'bg')).toBe('2 часа')
  })

  it('names the game and the occasion in the channel’s language', () => {
    expect(alertWords('en', game).title).toBe('Jays @ Owls is live now')
    expect(alertWords('fr', { ...game, kind: 'reminder', minutes: 30 }).title).toBe(
      'Jays @ Owls commence dans 30 minutes',
    )
    expect(alertWords('xx', game).title).toBe('Jays @ Owls is live now')
  })

  it('carries RFC 8058’s one-click headers, its Message-ID, the way out and the open counter, escaped', () => {
    const mail = alertMail(channel, 'fan@example.com', game, links, '<alert-1@tv.example.com>')
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribePost}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    })
    expect(mail.messageId).toBe('<alert-1@tv.example.com>')
    expect(mail.text).toContain(`Watch now: ${links.watch}`)
    expect(mail.text).toContain(`Stop alerts by email: ${links.unsubscribePage}`)
    expect(mail.html).toContain(`<img src="${links.opened}"`)
    expect(mail.html).toContain('County &#60;League&#62;')
    expect(mail.html).not.toContain('<League>')
  })
})
