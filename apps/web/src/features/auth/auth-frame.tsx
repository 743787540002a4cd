import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { FormMessage } from '../../components/ui/form-field'
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

/** What a mailed link could not do, said in the card, with the link to where the viewer may start again. */
export function AuthLinkFailure({ message, to, label }: { message: string; to: string; label: string }) {
  return (
    <div className="auth-card__body">
      <FormMessage tone="error">{message}</FormMessage>
      <p>
        <Link className="auth-link" to={to}>
          {label}
        </Link>
      </p>
    </div>
  )
}
