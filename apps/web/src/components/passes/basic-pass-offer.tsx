import { ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../lib/api/error-text'
import { useBasicPassStatus, useSelectBasicPass } from '../../lib/entities/account/use-basic-pass'
import { useMessageText } from '../../lib/i18n/message-text'
import { showToast } from '../../lib/notify/toast-store'
import { Button } from '../ui/button'
import { FormMessage } from '../ui/form-field'
import '../ui/form-field.css'
import './basic-pass-offer.css'

/**
 * Spec §2, §4: a signed-in user who has not chosen the basic pass is kept on /packages; this offers
 * the free pass in one press (the passes form with its flag set to 1), after which every page is open.
 */
export function BasicPassOffer() {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const status = useBasicPassStatus()
  const basicPass = useSelectBasicPass()
  if (status !== 'required') return null

  const handleSelect = async () => {
    try {
      await basicPass.select()
      showToast({ type: ToastType.success, text: t('packages.basicPassDone') })
    } catch {
      // Shown in the offer itself.
    }
  }
  const failure = basicPass.error ? errorText(basicPass.error) : null

  return (
    <section className="basic-pass-offer" aria-labelledby="basic-pass-title">
      <div className="basic-pass-offer__text">
        <h2 id="basic-pass-title" className="basic-pass-offer__title">
          {t('packages.basicPassTitle')}
        </h2>
        <p className="basic-pass-offer__lead">{t('packages.basicPassText')}</p>
        {failure ? <FormMessage tone="error">{messageText(failure)}</FormMessage> : null}
      </div>
      <Button
        size="lg"
        disabled={basicPass.isPending}
        aria-busy={basicPass.isPending || undefined}
        onClick={() => void handleSelect()}
      >
        {basicPass.isPending ? t('packages.basicPassSaving') : t('packages.basicPassButton')}
      </Button>
    </section>
  )
}
