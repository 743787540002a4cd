import { dialString, phoneProblem, type Settings } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import './contact-details.css'

/** The channel's email, phone and address from its settings; missing ones are left out. */
export function ContactDetails({ contact }: { contact: Settings['contact'] }) {
  const { t } = useTranslation()
  return (
    <dl className="contact-details">
      {contact.email ? (
        <div className="contact-details__row">
          <dt>{t('contact.email')}</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </div>
      ) : null}
      {contact.phone ? (
        <div className="contact-details__row">
          <dt>{t('contact.phone')}</dt>
          <dd>
            {/* A number the spec's phone pattern accepts is a link that dials it; anything else is shown as written. */}
            {phoneProblem(contact.phone) === null ? (
              <a href={`tel:${dialString(contact.phone)}`}>{contact.phone}</a>
            ) : (
              contact.phone
            )}
          </dd>
        </div>
      ) : null}
      {contact.address ? (
        <div className="contact-details__row">
          <dt>{t('contact.address')}</dt>
          <dd className="contact-details__address">{contact.address}</dd>
        </div>
      ) : null}
    </dl>
  )
}
