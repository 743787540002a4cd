import { ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { CalendarLinkChoices } from '../../components/calendar/calendar-links'
import { Button, ButtonLink } from '../../components/ui/button'
import { QueryStates } from '../../components/ui/load-states'
import { useCalendarLink, useChangeCalendarLink } from '../../lib/entities/calendar/use-calendar-link'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { ProfileSection } from './profile-section'
import './calendar-page.css'

/**
 * Profile → Calendar (decision 0055): the viewer's follows as a calendar feed behind a private link,
 * which they make, copy into their calendar app, replace (the old one stops working) or turn off.
 */
export function CalendarPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('calendar.title'))
  const link = useCalendarLink()
  const change = useChangeCalendarLink()
  const run = (what: 'renew' | 'off', done: string) =>
    change.mutate(what, {
      onSuccess: () => showToast({ text: done, type: ToastType.success }),
      onError: () => showToast({ text: t('calendar.failed'), type: ToastType.error }),
    })
  const https = link.data?.https ?? null
  return (
    <ProfileSection titleId="calendar-title" title={t('calendar.title')} lead={t('calendar.lead')}>
      <QueryStates query={link} />
      {link.data ? (
        https ? (
          <div className="calendar-page">
            <p>{t('calendar.private')}</p>
            <CalendarLinkChoices https={https} label={t('calendar.myGames')} />
            <div className="calendar-page__actions">
              <Button
                variant="secondary"
                disabled={change.isPending}
                onClick={() => run('renew', t('calendar.renewed'))}
              >
                {t('calendar.renew')}
              </Button>
              <Button variant="ghost" disabled={change.isPending} onClick={() => run('off', t('calendar.turnedOff'))}>
                {t('calendar.turnOff')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="calendar-page">
            <p>{t('calendar.none')}</p>
            <div className="calendar-page__actions">
              <Button disabled={change.isPending} onClick={() => run('renew', t('calendar.made'))}>
                {t('calendar.make')}
              </Button>
            </div>
          </div>
        )
      ) : null}
      <p className="calendar-page__follows">
        {t('calendar.follows')}{' '}
        <ButtonLink variant="ghost" to={paths.home}>
          {t('calendar.browse')}
        </ButtonLink>
      </p>
    </ProfileSection>
  )
}
