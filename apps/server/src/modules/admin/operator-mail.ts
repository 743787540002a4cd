import type { OperatorRole } from '@fieldhouse/contract'
import { compose, type MailChannel } from '../accounts/mail-templates.js'

const texts = {
  en: {
    subject: (c: string) => `You are invited to run ${c}`,
    body: (role: string) => [
      `You have been invited to operate this channel as ${role}.`,
      'The link works once and for 7 days. If you did not expect it, ignore this message.',
    ],
    action: 'Accept the invitation',
  },
  fr: {
    subject: (c: string) => `Vous êtes invité à gérer ${c}`,
    body: (role: string) => [
      `Vous êtes invité à gérer cette chaîne en tant que ${role}.`,
      'Le lien fonctionne une fois et pendant 7 jours. Si vous ne l’attendiez pas, ignorez ce message.',
    ],
    action: 'Accepter l’invitation',
  },
  bg: {
    subject: (c: string) => `Поканени сте да управлявате ${c}`,
    body: (role: string) => [
      `Поканени сте да управлявате този канал като ${role}.`,
      'Връзката работи веднъж и в рамките на 7 дни. Ако не сте я очаквали, пренебрегнете съобщението.',
    ],
    action: 'Приемете поканата',
  },
} as const

/** The operator invitation: the channel's layout and language, one link. */
export const invitationMail = (c: MailChannel, to: string, role: OperatorRole, url: string) => {
  const t = texts[(c.language in texts ? c.language : 'en') as keyof typeof texts]
  return compose(c, to, t.subject(c.name), [...t.body(role)], { label: t.action, url })
}
