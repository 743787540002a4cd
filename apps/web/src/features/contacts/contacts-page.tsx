import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { usePageAt } from '../../lib/entities/pages/use-pages'
import { ContactDetails } from '../channel/contact-details'
import { useDocumentTitle } from '../channel/use-document-title'
import { CmsContent } from '../pages/cms-content'
import './contacts-page.css'

export function ContactsPage() {
  const { t } = useTranslation()
  const { contact } = useSettings()
  const page = usePageAt('/contacts')
  const title = page?.name ?? t('contacts.title')
  const hasContact = Boolean(contact.email || contact.phone || contact.address)
  useDocumentTitle(title)

  return (
    <PageFrame title={title} lead={t('contacts.lead')} wide>
      <div className={hasContact ? 'contacts-page' : undefined}>
        <div>{page ? <CmsContent pageId={page.id} /> : null}</div>
        {hasContact ? (
          <aside className="contacts-page__card card" aria-labelledby="contact-details-heading">
            <h2 id="contact-details-heading" className="contacts-page__heading">
              {t('contacts.details')}
            </h2>
            <ContactDetails contact={contact} />
          </aside>
        ) : null}
      </div>
    </PageFrame>
  )
}
