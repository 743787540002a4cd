import type { FollowAlert } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CheckboxField, FormMessage } from '../../components/ui/form-field'
import { followAlerts } from '../../lib/entities/notifications/alert-settings-form'
import { paths } from '../../lib/navigation/paths'
import { AlertsFieldset, type SectionProps } from './alerts-fields'

/**
 * "What you follow": a switch per followed team, school or sport ("Alerts for Austin Owls"), its kind
 * beside it; with no follows, where to find them.
 */
export function AlertsFollows({ values, set, errors, fieldId, follows }: SectionProps & { follows: FollowAlert[] }) {
  const { t } = useTranslation()
  return (
    <AlertsFieldset legend={t('alerts.follows')}>
      {errors.follows ? (
        <FormMessage tone="error" id={fieldId('follows')}>
          {errors.follows}
        </FormMessage>
      ) : null}
      {follows.length === 0 ? (
        <p className="alerts-form__note">
          {t('alerts.noFollows')} <Link to={paths.home}>{t('alerts.browse')}</Link>
        </p>
      ) : (
        <>
          <p className="alerts-form__note">{t('alerts.followsLead')}</p>
          <ul className="plain-list alerts-follows">
            {follows.map((follow) => (
              <li key={follow.id}>
                <CheckboxField
                  role="switch"
                  label={t('alerts.followAlerts', { name: follow.name })}
                  hint={t(`alerts.kind_${follow.favoritable_type}`)}
                  checked={followAlerts(values, follow)}
                  data-testid={`alerts-follow-${follow.id}`}
                  onChange={(event) => set('follows', { ...values.follows, [follow.id]: event.target.checked })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </AlertsFieldset>
  )
}
