import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { safeHref } from '../../lib/content/parse-content'

/**
 * A link to wherever the channel points: same-site paths go through the router, web links open in a
 * new tab, mail and phone links stay plain. Anything unsafe renders as text.
 */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation()
  const safe = safeHref(href)
  if (!safe) return <span className={className}>{children}</span>
  if (/^https?:\/\//i.test(safe)) {
    return (
      <a className={className} href={safe} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> ({t('common.external')})</span>
      </a>
    )
  }
  if (/^(mailto|tel):/i.test(safe) || safe.startsWith('#')) {
    return (
      <a className={className} href={safe}>
        {children}
      </a>
    )
  }
  return (
    <Link className={className} to={safe}>
      {children}
    </Link>
  )
}
