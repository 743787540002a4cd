import { ToastType } from '@fieldhouse/contract'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { errorText, httpStatus } from '../../lib/api/error-text'
import { useLogout } from '../../lib/entities/session/use-logout'
import { useSessionActions } from '../../lib/entities/session/use-session-actions'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { showToast } from '../../lib/notify/toast-store'
import type { SessionUser } from '../../lib/store/app-store'
import './user-menu.css'

/**
 * The signed-in user's name in the header, opening Profile and Sign out. A disclosure (button and
 * list of links) rather than an ARIA menu: it works with Tab, Escape closes it and returns focus.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const navigate = useNavigate()
  const location = useLocation()
  const logout = useLogout()
  const { endSession } = useSessionActions()
  const [openOnPath, setOpenOnPath] = useState<string | null>(null)
  const isOpen = openOnPath === location.pathname
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const name = user.first_name.trim() || user.email

  useEffect(() => {
    if (!isOpen) return
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOnPath(null)
    }
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenOnPath(null)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', handlePointer)
    document.addEventListener('keydown', handleKey)
    return () => {
      document.removeEventListener('pointerdown', handlePointer)
      document.removeEventListener('keydown', handleKey)
    }
  }, [isOpen])

  // Spec §4: logout clears the user and the api key and fetches a new anonymous key.
  const handleSignOut = async () => {
    try {
      await logout.mutateAsync()
    } catch (error) {
      // A 401: the session was already over on the server; finish it here too.
      if (httpStatus(error) !== 401) {
        const text = errorText(error)
        if (text) showToast({ type: ToastType.error, text: messageText(text) })
        return
      }
    }
    setOpenOnPath(null)
    // Home first, so the page being left does not flash its signed-out state.
    await navigate(paths.home)
    try {
      await endSession()
    } catch {
      return // No new anonymous key: the error screen has taken over.
    }
    showToast({ type: ToastType.info, text: t('header.signedOut') })
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpenOnPath(isOpen ? null : location.pathname)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
        <span className="visually-hidden">, {t('header.accountMenu')}</span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!isOpen}>
        <ul className="plain-list">
          <li>
            <Link className="user-menu__item" to={paths.profile} onClick={() => setOpenOnPath(null)}>
              {t('header.profile')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="user-menu__item"
              disabled={logout.isPending}
              aria-busy={logout.isPending || undefined}
              onClick={() => void handleSignOut()}
            >
              {logout.isPending ? t('header.signingOut') : t('header.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
