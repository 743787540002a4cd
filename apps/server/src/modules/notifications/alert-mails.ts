import type { MailMessage } from '../../lib/mailer.js'
import { compose, type MailChannel } from '../accounts/mail-templates.js'

/**
 * The alert mails (decision 0056) in the channel's name, colour and language: the game, when, one
 * button to its watch page (through the click counter), and the way out — a link that turns mail
 * alerts off signed out, and RFC 8058's one-click headers so a mail app's own "Unsubscribe" does it.
 */
export type Lang = 'en' | 'fr' | 'bg'

/** The time left, as a person says it: minutes under two hours (to the nearest 5 past the first 30), hours after. */
export const lead = (minutesLeft: number, lang: Lang) => {
  const minutes = Math.max(1, minutesLeft <= 30 ? Math.round(minutesLeft) : Math.round(minutesLeft / 5) * 5)
  if (minutes === 60) return { en: '1 hour', fr: '1 heure', bg: '1 час' }[lang]
  if (minutes < 120) return { en: `${minutes} minutes`, fr: `${minutes} minutes`, bg: `${minutes} минути` }[lang]
  const hours = Math.round(minutes / 60)
  return { en: `${hours} hours`, fr: `${hours} heures`, bg: `${hours} часа` }[lang]
}

const texts = {
  en: {
    reminder: (game: string, minutes: number) => `${game} starts in ${lead(minutes, 'en')}`,
    live: (game: string) => `${game} is live now`,
    reminderBody: (when: string) => `The game starts at ${when}. The stream opens on its page at kick-off.`,
    liveBody: 'The stream has started: watch it live, from the start, or catch up.',
    watch: 'Watch now',
    why: (followed: string) => `You get this alert because you follow ${followed}.`,
    manage: 'Choose which alerts you get',
    stop: 'Stop alerts by email',
  },
  fr: {
    reminder: (game: string, minutes: number) => `${game} commence dans ${lead(minutes, 'fr')}`,
    live: (game: string) => `${game} est en direct`,
    reminderBody: (when: string) => `Le match commence à ${when}. Le direct s'ouvre sur sa page au coup d'envoi.`,
    liveBody: 'Le direct a commencé : regardez-le en direct, depuis le début, ou rattrapez-le.',
    watch: 'Regarder',
    why: (followed: string) => `Vous recevez cette alerte parce que vous suivez ${followed}.`,
    manage: 'Choisir mes alertes',
    stop: 'Ne plus recevoir les alertes par e-mail',
  },
  bg: {
    reminder: (game: string, minutes: number) => `${game} започва след ${lead(minutes, 'bg')}`,
    live: (game: string) => `${game} е на живо сега`,
    reminderBody: (when: string) => `Мачът започва в ${when}. Излъчването се отваря на страницата му в началото.`,
    liveBody: 'Излъчването започна: гледайте на живо, от началото или наваксайте.',
    watch: 'Гледайте сега',
    why: (followed: string) => `Получавате това известие, защото следвате ${followed}.`,
    manage: 'Изберете известията си',
    stop: 'Спрете известията по имейл',
  },
} satisfies Record<Lang, unknown>

const langOf = (language: string): Lang => (language in texts ? (language as Lang) : 'en')

/** The words of an alert, shared by the mail and the push. */
export function alertWords(
  language: string,
  alert: { kind: 'reminder' | 'go_live'; game: string; minutes: number; when: string },
) {
  const t = texts[langOf(language)]
  return alert.kind === 'go_live'
    ? { title: t.live(alert.game), body: t.liveBody, action: t.watch }
    : { title: t.reminder(alert.game, alert.minutes), body: t.reminderBody(alert.when), action: t.watch }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export interface AlertMailLinks {
  /** The watch page, through the click counter. */
  watch: string
  /** A 1×1 image that counts the mail as opened. */
  opened: string
  /** Profile → Alerts. */
  settings: string
  /** The page that turns mail alerts off (signed, works signed out). */
  unsubscribePage: string
  /** RFC 8058's one-click endpoint (POST `List-Unsubscribe=One-Click`). */
  unsubscribePost: string
}

/**
 * One alert mail. `messageId` is the send's own, the same on every attempt: a relay or mailbox that
 * sees one Message-ID twice keeps one.
 */
export function alertMail(
  channel: MailChannel,
  to: string,
  alert: { kind: 'reminder' | 'go_live'; game: string; minutes: number; when: string; followed: string },
  links: AlertMailLinks,
  messageId: string,
): MailMessage {
  const t = texts[langOf(channel.language)]
  const words = alertWords(channel.language, alert)
  const mail = compose(channel, to, words.title, [words.body], { label: words.action, url: links.watch })
  const footerText = [t.why(alert.followed), `${t.manage}: ${links.settings}`, `${t.stop}: ${links.unsubscribePage}`]
  const footerHtml = `<hr style="border:none;border-top:1px solid #dde;margin:24px 0 12px"><p style="font-size:12px;color:#667">${esc(t.why(alert.followed))}<br><a href="${esc(links.settings)}" style="color:#445">${esc(t.manage)}</a> · <a href="${esc(links.unsubscribePage)}" style="color:#445">${esc(t.stop)}</a></p><img src="${esc(links.opened)}" width="1" height="1" alt="" style="display:block;border:0">`
  return {
    ...mail,
    text: `${mail.text}\n\n${footerText.join('\n')}`,
    html: mail.html.replace('</body>', `${footerHtml}\n</body>`),
    messageId,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribePost}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  }
}
