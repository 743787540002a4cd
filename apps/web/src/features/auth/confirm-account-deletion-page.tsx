import { DeleteAccountConfirmSchema, messages, ToastType } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button'
import { FormMessage } from '../../components/ui/form-field'
import { errorText } from '../../lib/api/error-text'
import { useDeleteAccountConfirm } from '../../lib/entities/account/use-delete-account-confirm'
import { useSessionActions } from '../../lib/entities/session/use-session-actions'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { AuthFrame } from './auth-frame'
import { readSignedLink } from './link-params'

/**
 * Spec §2 /confirm-account-deletion?email=&expires=&signature=: the mailed link. Deleting waits for a
 * press of the button (mail scanners open links too); then the session ends and the viewer goes home.
 */
export function ConfirmAccountDeletionPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.confirmAccountDeletionTitle'))
  const location = useLocation()
  const navigate = useNavigate()
  const { endSession } = useSessionActions()
  const confirmDeletion = useDeleteAccountConfirm()
  const [failure, setFailure] = useState<string | null>(null)
  const link = DeleteAccountConfirmSchema.safeParse(readSignedLink(location.search))

  if (!link.success) {
    return (
      <AuthFrame title={t('auth.confirmAccountDeletionTitle')}>
        <FormMessage tone="error">{messages.verificationFailed}</FormMessage>
      </AuthFrame>
    )
  }

  const handleConfirm = async () => {
    setFailure(null)
    try {
      await confirmDeletion.mutateAsync(link.data)
    } catch (error) {
      setFailure(errorText(error))
      return
    }
    showToast({ type: ToastType.success, text: t('auth.accountDeleted') })
    try {
      await endSession()
    } catch {
      return // No new anonymous key: the error screen has taken over.
    }
    await navigate(paths.home, { replace: true })
  }

  const busy = confirmDeletion.isPending || confirmDeletion.isSuccess
  return (
    <AuthFrame title={t('auth.confirmAccountDeletionTitle')} lead={t('auth.confirmAccountDeletionLead')}>
      <div className="auth-card__body">
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <p>{t('auth.confirmAccountDeletionQuestion', { email: link.data.email })}</p>
        <Button
          variant="danger"
          size="lg"
          className="form__submit"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void handleConfirm()}
        >
          {busy ? t('auth.deletingAccount') : t('auth.confirmAccountDeletionButton')}
        </Button>
      </div>
    </AuthFrame>
  )
}
