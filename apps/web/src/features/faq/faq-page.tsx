import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { PageFrame } from '../../components/ui/page-frame'
import { RichText } from '../../components/ui/rich-text'
import { useFaq } from '../../lib/entities/faq/use-faq'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import './faq-page.css'

export function FaqPage() {
  const { t } = useTranslation()
  const entries = useFaq()
  useDocumentTitle(t('faq.title'))

  return (
    <PageFrame title={t('faq.title')} lead={t('faq.lead')}>
      {entries.length === 0 ? (
        <p className="empty-state">{t('faq.empty')}</p>
      ) : (
        <div className="faq-list">
          {entries.map((entry) => (
            // Native disclosure: keyboard, screen readers and find-in-page work without script.
            <details key={entry.id} className="faq-item">
              <summary className="faq-item__question">
                <span>{entry.question}</span>
                <span className="faq-item__icon" aria-hidden="true" />
              </summary>
              <div className="faq-item__answer">
                <RichText source={entry.answer} />
              </div>
            </details>
          ))}
        </div>
      )}
      <aside className="faq-contact card">
        <p className="faq-contact__text">{t('faq.stillQuestions')}</p>
        <ButtonLink to={paths.contacts} variant="secondary">
          {t('faq.contactUs')}
        </ButtonLink>
      </aside>
    </PageFrame>
  )
}
