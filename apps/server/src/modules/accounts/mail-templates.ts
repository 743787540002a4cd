import type { MailMessage } from '../../lib/mailer.js'

/**
 * The account mails, in plain text and HTML, in the channel's language (en, fr, bg) and colours. Links
 * are absolute and carry one-time tokens; nothing else in a mail is secret.
 */
export interface MailChannel {
  name: string
  primaryColor: string
  language: string
}

type Lang = 'en' | 'fr' | 'bg'
interface Texts {
  verify: { subject: (c: string) => string; body: string[]; action: string }
  taken: { subject: (c: string) => string; body: (login: string, reset: string) => string[] }
  reset: { subject: (c: string) => string; body: string[]; action: string }
  deletion: { subject: (c: string) => string; body: string[]; action: string }
}

const texts: Record<Lang, Texts> = {
  en: {
    verify: {
      subject: (c) => `Confirm your email address for ${c}`,
      body: [
        'Welcome! Confirm your email address to finish creating your account.',
        'The link works once and for 24 hours. If you did not sign up, ignore this message.',
      ],
      action: 'Confirm email address',
    },
    taken: {
      subject: (c) => `Someone tried to sign up to ${c} with your address`,
      body: (login, reset) => [
        'The email address you have entered is already registered.',
        `If it was you, sign in at ${login} — or, if you forgot your password, reset it at ${reset}.`,
        'If it was not you, ignore this message: your account has not changed.',
      ],
    },
    reset: {
      subject: (c) => `Reset your ${c} password`,
      body: [
        'We received a request to reset your password.',
        'The link works once and for 60 minutes. If you did not ask for it, ignore this message.',
      ],
      action: 'Choose a new password',
    },
    deletion: {
      subject: (c) => `Confirm the deletion of your ${c} account`,
      body: [
        'You asked to delete your account. This cannot be undone: your profile, favourites and clips will be removed.',
        'The link works once and for 60 minutes. If you did not ask for it, ignore this message and consider changing your password.',
      ],
      action: 'Delete my account',
    },
  },
  fr: {
    verify: {
      subject: (c) => `Confirmez votre adresse e-mail pour ${c}`,
      body: [
        'Bienvenue ! Confirmez votre adresse e-mail pour terminer la création de votre compte.',
        'Le lien fonctionne une seule fois, pendant 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.',
      ],
      action: "Confirmer l'adresse e-mail",
    },
    taken: {
      subject: (c) => `Quelqu'un a tenté de s'inscrire à ${c} avec votre adresse`,
      body: (login, reset) => [
        "L'adresse e-mail que vous avez saisie est déjà enregistrée.",
        `Si c'était vous, connectez-vous sur ${login} — ou, si vous avez oublié votre mot de passe, réinitialisez-le sur ${reset}.`,
        "Si ce n'était pas vous, ignorez ce message : votre compte n'a pas changé.",
      ],
    },
    reset: {
      subject: (c) => `Réinitialisez votre mot de passe ${c}`,
      body: [
        'Nous avons reçu une demande de réinitialisation de votre mot de passe.',
        "Le lien fonctionne une seule fois, pendant 60 minutes. Si vous n'avez rien demandé, ignorez ce message.",
      ],
      action: 'Choisir un nouveau mot de passe',
    },
    deletion: {
      subject: (c) => `Confirmez la suppression de votre compte ${c}`,
      body: [
        'Vous avez demandé la suppression de votre compte. Elle est définitive : votre profil, vos favoris et vos clips seront effacés.',
        "Le lien fonctionne une seule fois, pendant 60 minutes. Si vous n'avez rien demandé, ignorez ce message et pensez à changer votre mot de passe.",
      ],
      action: 'Supprimer mon compte',
    },
  },
  bg: {
    verify: {
      subject: (c) => `Потвърдете имейл адреса си за ${c}`,
      body: [
        'Добре дошли! Потвърдете имейл адреса си, за да завършите създаването на профила си.',
        'Връзката работи веднъж и в рамките на 24 часа. Ако не сте се регистрирали, пренебрегнете това съобщение.',
      ],
      action: 'Потвърдете имейл адреса',
    },
    taken: {
      subject: (c) => `Някой се опита да се регистрира в ${c} с вашия адрес`,
      body: (login, reset) => [
        'Въведеният имейл адрес вече е регистриран.',
        `Ако сте били вие, влезте на ${login} — или, ако сте забравили паролата си, я възстановете на ${reset}.`,
        'Ако не сте били вие, пренебрегнете това съобщение: профилът ви не е променен.',
      ],
    },
    reset: {
      subject: (c) => `Възстановяване на паролата ви за ${c}`,
      body: [
        'Получихме заявка за възстановяване на паролата ви.',
        'Връзката работи веднъж и в рамките на 60 минути. Ако не сте я поискали, пренебрегнете това съобщение.',
      ],
      action: 'Изберете нова парола',
    },
    deletion: {
      subject: (c) => `Потвърдете изтриването на профила си в ${c}`,
      body: [
        'Поискахте изтриване на профила си. Това е необратимо: профилът, любимите ви и клиповете ви ще бъдат премахнати.',
        'Връзката работи веднъж и в рамките на 60 минути. Ако не сте го поискали, пренебрегнете съобщението и помислете за смяна на паролата.',
      ],
      action: 'Изтрийте профила ми',
    },
  },
}

const textsFor = (language: string): Texts => texts[(language in texts ? language : 'en') as Lang]

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A mail in the accounts' layout: paragraphs and one action button (other modules' mails use it too). */
export function compose(
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
  const html = `<!doctype html><html lang="${esc(channel.language)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2333;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;border-bottom:4px solid ${esc(channel.primaryColor)};padding-bottom:8px">${esc(channel.name)}</h1>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}${button}
</body></html>`
  return { to, subject, text, html, ...(action ? { link: action.url } : {}) }
}

export const verificationMail = (c: MailChannel, to: string, url: string) => {
  const t = textsFor(c.language).verify
  return compose(c, to, t.subject(c.name), t.body, { label: t.action, url })
}

export const alreadyRegisteredMail = (c: MailChannel, to: string, loginUrl: string, resetUrl: string) => {
  const t = textsFor(c.language).taken
  return compose(c, to, t.subject(c.name), t.body(loginUrl, resetUrl))
}

export const passwordResetMail = (c: MailChannel, to: string, url: string) => {
  const t = textsFor(c.language).reset
  return compose(c, to, t.subject(c.name), t.body, { label: t.action, url })
}

export const deletionMail = (c: MailChannel, to: string, url: string) => {
  const t = textsFor(c.language).deletion
  return compose(c, to, t.subject(c.name), t.body, { label: t.action, url })
}
