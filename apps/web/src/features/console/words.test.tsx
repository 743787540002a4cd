import i18next from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { consoleBg } from '../../lib/i18n/resources/console.bg'
import { consoleEn } from '../../lib/i18n/resources/console.en'
import { consoleFr } from '../../lib/i18n/resources/console.fr'
import { ConsoleTrans } from './words'

const resources = {
  en: { translation: { console: consoleEn } },
  fr: { translation: { console: consoleFr } },
  bg: { translation: { console: consoleBg } },
}

describe('ConsoleTrans', () => {
  it.each(['en', 'fr', 'bg'])('draws a sentence’s link and bold words around their own text (%s)', async (lng) => {
    const instance = i18next.createInstance()
    await instance.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } })
    const html = (node: React.ReactNode) => renderToString(<I18nextProvider i18n={instance}>{node}</I18nextProvider>)
    // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words in it
    const link = html(<ConsoleTrans k="security.orLink" components={{ a: <a href="otpauth://totp/x" /> }} />)
    expect(link).toMatch(/<a href="otpauth:\/\/totp\/x">[^<]+<\/a>/)
    const intro = html(
      <ConsoleTrans
        k="invitation.intro"
        values={{ channel: 'Club', role: 'owner', email: 'a@b.c' }}
        components={{ strong: <strong /> }}
      />,
    )
    expect(intro).toContain('<strong>Club</strong>')
    expect(intro).toContain('<strong>a@b.c</strong>')
  })
})
