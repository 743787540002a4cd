import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { FormMessage } from '../../components/ui/form-field'
import { PageFrame } from '../../components/ui/page-frame'
import { errorText, httpStatus } from '../../lib/api/error-text'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { useUnsubscribeAlerts } from '../../lib/entities/notifications/use-unsubscribe-alerts'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import './unsubscribe-page.css'

/** What a mailed token can look like (`{id}.{mac}`); anything else is a broken link without asking. */
const TOKEN = /^[A-Za-z0-9._-]{1,64}$/

type Outcome = { kind: 'asking' } | { kind: 'done' } | { kind: 'bad-link' } | { kind: 'failed'; message: string }

/** "Profile → Alerts" inside a sentence, as a link (not `<link>`: i18next takes that for the empty HTML element and drops its words). */
const alertsLink = { settings: <Link to={paths.profileAlerts} /> }

/**
 * `/unsubscribe?token=`: the link at the foot of an alert email. It stops alert emails only on a press
 * (link scanners open links too; a mail app's one-click posts to the API itself), signed in or not.
 */
export function UnsubscribePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('alerts.unsubscribeTitle'))
  const { name } = useSettings()
  const token = new URLSearchParams(useLocation().search).get('token') ?? ''
  const unsubscribe = useUnsubscribeAlerts()
  const [outcome, setOutcome] = useState<Outcome>(TOKEN.test(token) ? { kind: 'asking' } : { kind: 'bad-link' })

  const handleConfirm = () => {
    unsubscribe.mutate(token, {
      onSuccess: () => setOutcome({ kind: 'done' }),
      onError: (error) => {
        if (httpStatus(error) === 404) return setOutcome({ kind: 'bad-link' })
        const message = errorText(error)
        if (message !== null) setOutcome({ kind: 'failed', message })
      },
    })
  }

  return (
    <PageFrame title={t('alerts.unsubscribeTitle')}>
      <div className="unsubscribe" data-testid="unsubscribe-page">
        {outcome.kind === 'done' ? (
          <FormMessage tone="success">
            <Trans i18nKey="alerts.unsubscribed" components={alertsLink} />
          </FormMessage>
        ) : outcome.kind === 'bad-link' ? (
          <FormMessage tone="error">
            <Trans i18nKey="alerts.unsubscribeBadLink" components={alertsLink} />
          </FormMessage>
        ) : (
          <>
            {outcome.kind === 'failed' ? <FormMessage tone="error">{outcome.message}</FormMessage> : null}
            <h2 className="unsubscribe__question">{t('alerts.unsubscribeQuestion', { channel: name })}</h2>
            <p className="unsubscribe__lead">{t('alerts.unsubscribeLead')}</p>
            <Button
              size="lg"
              className="form__submit"
              disabled={unsubscribe.isPending}
              aria-busy={unsubscribe.isPending || undefined}
              data-testid="unsubscribe-confirm"
              onClick={handleConfirm}
            >
              {unsubscribe.isPending ? t('alerts.unsubscribing') : t('alerts.unsubscribeButton')}
            </Button>
          </>
        )}
      </div>
    </PageFrame>
  )
}
