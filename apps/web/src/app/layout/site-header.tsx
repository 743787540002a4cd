import { MenuPlacement } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { useMenu } from '../../lib/entities/channel/use-menu'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { normalizePath, paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'
import { MenuLink } from './menu-link'
import { UserMenu } from './user-menu'
import './site-header.css'

export function SiteHeader() {
  const { t } = useTranslation()
  const settings = useSettings()
  const menu = useMenu()
  const user = useAppStore((state) => state.user)
  const location = useLocation()
  // The menu belongs to the page it was opened on, so following a link closes it without an effect.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null)
  const isMenuOpen = openOnPath === location.pathname

  const headerItems = menu.filter((item) => item.placement !== MenuPlacement.footer)

  const handleMenuToggle = () => setOpenOnPath(isMenuOpen ? null : location.pathname)

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to={paths.home} className="site-header__brand" aria-label={t('header.homeLink', { name: settings.name })}>
          {settings.logo ? <img className="site-header__logo" src={settings.logo} alt="" /> : null}
          <span className={settings.logo ? 'site-header__name site-header__name--with-logo' : 'site-header__name'}>
            {settings.name}
          </span>
        </Link>

        <nav
          id="site-menu"
          className={`site-header__nav${isMenuOpen ? ' is-open' : ''}`}
          aria-label={t('header.mainNavigation')}
        >
          <ul className="plain-list site-header__links">
            {headerItems.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} className="site-header__link">
                  {normalizePath(item.url) === paths.live ? (
                    <span className="site-header__live-dot" aria-hidden="true" />
                  ) : null}
                </MenuLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <ButtonLink to={paths.login} className="site-header__sign-in">
              {t('header.signIn')}
            </ButtonLink>
          )}
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={isMenuOpen}
            aria-controls="site-menu"
            aria-label={isMenuOpen ? t('header.closeMenu') : t('header.openMenu')}
            onClick={handleMenuToggle}
          >
            <span className="site-header__toggle-bars" aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  )
}
