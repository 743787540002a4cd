import { dialString, phoneProblem, type Settings } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './contact-details.css'

/** The channel's email, phone and address from its settings; missing ones are left out. */
export function ContactDetails({ contact }: { contact: Settings['contact'] }) {
  const { t } = useTranslation()
  return (
    <dl className="contact-details">
      {contact.email ? (
        <ContactRow label={t('contact.email')}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </ContactRow>
      ) : null}
      {contact.phone ? (
        <ContactRow label={t('contact.phone')}>
          {/* A number the spec's phone pattern accepts is a link that dials it; anything else is shown as written. */}
          {phoneProblem(contact.phone) === null ? (
            <a href={`tel:${dialString(contact.phone)}`}>{contact.phone}</a>
          ) : (
            contact.phone
          )}
        </ContactRow>
      ) : null}
      {contact.address ? (
        <ContactRow label={t('contact.address')} className="contact-details__address">
          {contact.address}
        </ContactRow>
      ) : null}
    </dl>
  )
}

function ContactRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="contact-details__row">
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}
