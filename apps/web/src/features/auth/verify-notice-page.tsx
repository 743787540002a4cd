import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/ui/form-field'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { AuthFrame } from './auth-frame'

/** Spec §2 /verify-notice: after registration, the link to open is in the mailbox of `?email`. */
export function VerifyNoticePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.verifyNoticeTitle'))
  const [search] = useSearchParams()
  const email = search.get('email')?.trim()
  return (
    <AuthFrame
      title={t('auth.verifyNoticeTitle')}
      footer={
        <p>
          <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
        </p>
      }
    >
      <div className="auth-card__body">
        <FormMessage tone="success">
          {email ? t('auth.verifyNoticeSent', { email }) : t('auth.verifyNoticeLead')}
        </FormMessage>
        <p className="auth-card__lead">{t('auth.verifyNoticeHint')}</p>
      </div>
    </AuthFrame>
  )
}
