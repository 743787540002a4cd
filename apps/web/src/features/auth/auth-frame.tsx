import type { ReactNode } from 'react'
import '../../components/ui/form-field.css'
import './auth-frame.css'

/** The sign-in, sign-up and account-link pages: one centred card with the page's h1. */
export function AuthFrame({
  title,
  lead,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  wide?: boolean
}) {
  return (
    <div className="auth-page container">
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        <header className="auth-card__header">
          <h1 className="auth-card__title">{title}</h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
        </header>
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </div>
    </div>
  )
}
