import { MenuPlacement } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ContactDetails } from '../../components/channel/contact-details'
import { RichText } from '../../components/ui/rich-text'
import { placeStaticBlocks } from '../../lib/entities/channel/static-blocks'
import { useStaticBlocks } from '../../lib/entities/channel/use-bootstrap'
import { useMenu } from '../../lib/entities/channel/use-menu'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { normalizePath, paths } from '../../lib/navigation/paths'
import { MenuLink } from './menu-link'
import './site-footer.css'

export function SiteFooter() {
  const { t } = useTranslation()
  const settings = useSettings()
  const menu = useMenu()
  const blocks = placeStaticBlocks(useStaticBlocks()).footer
  const footerItems = menu.filter((item) => item.placement !== MenuPlacement.header)
  const helpLinks = [
    { to: paths.faq, label: t('footer.faq') },
    { to: paths.about, label: t('footer.about') },
    { to: paths.contacts, label: t('footer.contacts') },
    { to: paths.privacyPolicy, label: t('footer.privacyPolicy') },
    { to: paths.termsConditions, label: t('footer.termsConditions') },
  ]
  // The channel's footer menu often links the same pages; each page is listed once.
  const footerPaths = new Set(footerItems.map((item) => normalizePath(item.url)))
  const extraHelpLinks = helpLinks.filter((link) => !footerPaths.has(link.to))
  const hasContact = Boolean(settings.contact.email || settings.contact.phone || settings.contact.address)

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand">
          {settings.logo ? <img className="site-footer__logo" src={settings.logo} alt="" /> : null}
          <p className="site-footer__name">{settings.name}</p>
          {blocks.map((block) => (
            <div key={block.id} className="site-footer__block">
              {block.title !== settings.name ? <h2 className="site-footer__heading">{block.title}</h2> : null}
              <RichText source={block.content} />
            </div>
          ))}
        </section>

        <nav className="site-footer__nav" aria-label={t('footer.navigation')}>
          <FooterLinks
            title={t('footer.explore')}
            links={footerItems.map((item) => ({
              key: item.id,
              link: <MenuLink item={item} className="site-footer__link" />,
            }))}
          />
          <FooterLinks
            title={t('footer.help')}
            links={extraHelpLinks.map((link) => ({
              key: link.to,
              link: (
                <Link to={link.to} className="site-footer__link">
                  {link.label}
                </Link>
              ),
            }))}
          />
        </nav>

        {hasContact ? (
          <section className="site-footer__contact">
            <h2 className="site-footer__heading">{t('footer.contact')}</h2>
            <ContactDetails contact={settings.contact} />
          </section>
        ) : null}
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), name: settings.name })}</p>
      </div>
    </footer>
  )
}

/** A titled list of the footer's links; nothing when there are none. */
function FooterLinks({ title, links }: { title: string; links: { key: string | number; link: ReactNode }[] }) {
  if (links.length === 0) return null
  return (
    <section>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="plain-list site-footer__links">
        {links.map(({ key, link }) => (
          <li key={key}>{link}</li>
        ))}
      </ul>
    </section>
  )
}
