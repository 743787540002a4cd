import { useTranslation } from 'react-i18next'
import { ContactDetails } from '../../components/channel/contact-details'
import { CmsContent } from '../../components/content/cms-content'
import { PageFrame } from '../../components/ui/page-frame'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { usePageAt } from '../../lib/entities/pages/use-pages'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
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
