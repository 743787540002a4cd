import { type NotificationSettings, ToastType } from '@fieldhouse/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '../../components/ui/button'
import { CheckboxField, FormMessage, TextField } from '../../components/ui/form-field'
import { errorText, splitFieldErrors } from '../../lib/api/error-text'
import {
  type AlertsFormField,
  alertsFormFields,
  alertsFormOf,
  alertsFormProblems,
  alertsUpdateOf,
  browserTimeZone,
  REMINDER_OFF,
  reminderChoices,
  supportedTimeZones,
  timeZoneChoices,
} from '../../lib/entities/notifications/alert-settings-form'
import { useUpdateNotificationSettings } from '../../lib/entities/notifications/use-update-notification-settings'
import { showToast } from '../../lib/notify/toast-store'
import { useAppStore } from '../../lib/store/app-store'
import { AlertsFieldset, type Errors, type SectionProps, SelectField } from './alerts-fields'
import { AlertsFollows } from './alerts-follows'
import { AlertsPush } from './alerts-push'

/**
 * The alert settings as one form: each control changes the form only, and Save sends them all (with the
 * time zone). A 422's field errors go under their controls, the first focused.
 */
export function AlertsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation()
  const formId = useId()
  const fieldId = (name: AlertsFormField) => `${formId}${name}`
  const update = useUpdateNotificationSettings()
  const [values, setValues] = useState(() => alertsFormOf(settings, browserTimeZone()))
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)

  const set: SectionProps['set'] = (name, value) => {
    setValues((current) => ({ ...current, [name]: value }))
    // A changed control's error no longer speaks about it (quiet hours' both times go together).
    setErrors((current) => {
      const next = { ...current }
      delete next[name as AlertsFormField]
      if (name === 'quiet' || name === 'quiet_start' || name === 'quiet_end') {
        delete next.quiet_start
        delete next.quiet_end
      }
      return next
    })
  }
  const focus = (name: AlertsFormField) => document.getElementById(fieldId(name))?.focus()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const problems = alertsFormProblems(values)
    const missing = (['quiet_start', 'quiet_end'] as const).filter((name) => problems[name])
    if (missing[0]) {
      setErrors(Object.fromEntries(missing.map((name) => [name, t('alerts.quietMissing')])))
      focus(missing[0])
      return
    }
    setErrors({})
    update.mutate(alertsUpdateOf(values, settings), {
      onSuccess: (saved) => {
        // Saved: the zone is the viewer's choice now, never replaced by the browser's.
        setValues(alertsFormOf(saved, null))
        showToast({ type: ToastType.success, text: t('alerts.saved') })
      },
      onError: (error) => {
        const text = errorText(error)
        if (text === null) return // Cancelled: nothing to say.
        const split = splitFieldErrors(error, alertsFormFields)
        setErrors(Object.fromEntries(split.fields))
        setFormError(split.other[0] ?? (split.fields.length > 0 ? null : text))
        const first = split.fields[0]
        if (first) focus(first[0])
        showToast({ type: ToastType.error, text: t('alerts.failed') })
      },
    })
  }

  const section: SectionProps = { values, set, errors, fieldId }
  return (
    <form className="form alerts-form" noValidate onSubmit={handleSubmit}>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <WaysSection {...section} settings={settings} />
      <OccasionsSection {...section} />
      <AlertsFieldset legend={t('alerts.spoilers')}>
        <CheckboxField
          id={fieldId('spoiler_free')}
          label={t('alerts.spoilerFree')}
          hint={t('alerts.spoilerFreeHint')}
          error={errors.spoiler_free}
          checked={values.spoiler_free}
          onChange={(event) => set('spoiler_free', event.target.checked)}
        />
      </AlertsFieldset>
      <QuietSection {...section} />
      <AlertsFollows {...section} follows={settings.follows} />
      <SubmitButton submitting={update.isPending} data-testid="alerts-save">
        {update.isPending ? t('alerts.saving') : t('alerts.save')}
      </SubmitButton>
    </form>
  )
}

function WaysSection({ values, set, errors, fieldId, settings }: SectionProps & { settings: NotificationSettings }) {
  const { t } = useTranslation()
  const email = useAppStore((state) => state.user?.email ?? null)
  return (
    <AlertsFieldset legend={t('alerts.ways')}>
      <CheckboxField
        id={fieldId('email')}
        label={t('alerts.email')}
        hint={email ? t('alerts.emailHint', { email }) : undefined}
        error={errors.email}
        checked={values.email}
        onChange={(event) => set('email', event.target.checked)}
      />
      {/* Without the server's key there is no push at all: no controls for it. */}
      {settings.vapid_public_key ? (
        <>
          <CheckboxField
            id={fieldId('push')}
            label={t('alerts.push')}
            hint={t('alerts.pushHint')}
            error={errors.push}
            checked={values.push}
            onChange={(event) => set('push', event.target.checked)}
          />
          <AlertsPush vapidPublicKey={settings.vapid_public_key} devices={settings.push_devices} />
        </>
      ) : null}
    </AlertsFieldset>
  )
}

const reminderWords = {
  [REMINDER_OFF]: 'alerts.reminderOff',
  '15': 'alerts.reminder15',
  '30': 'alerts.reminder30',
  '60': 'alerts.reminder60',
  '120': 'alerts.reminder120',
  '1440': 'alerts.reminder1440',
} as const

function OccasionsSection({ values, set, errors, fieldId }: SectionProps) {
  const { t } = useTranslation()
  return (
    <AlertsFieldset legend={t('alerts.occasions')}>
      <CheckboxField
        id={fieldId('go_live')}
        label={t('alerts.goLive')}
        error={errors.go_live}
        checked={values.go_live}
        onChange={(event) => set('go_live', event.target.checked)}
      />
      <SelectField
        id={fieldId('reminder_minutes')}
        label={t('alerts.reminder')}
        value={values.reminder}
        error={errors.reminder_minutes}
        testId="alerts-reminder"
        onChange={(value) => set('reminder', value)}
      >
        {(reminderChoices.includes(values.reminder) ? reminderChoices : [...reminderChoices, values.reminder]).map(
          (choice) => (
            <option key={choice} value={choice}>
              {choice in reminderWords ? t(reminderWords[choice as keyof typeof reminderWords]) : choice}
            </option>
          ),
        )}
      </SelectField>
    </AlertsFieldset>
  )
}

function QuietSection({ values, set, errors, fieldId }: SectionProps) {
  const { t } = useTranslation()
  // The zone matters to quiet hours alone; shown with them, or when the server refused it.
  const showTimes = values.quiet || Boolean(errors.time_zone)
  return (
    <AlertsFieldset legend={t('alerts.quiet')}>
      <CheckboxField
        label={t('alerts.quietOn')}
        hint={t('alerts.quietHint')}
        checked={values.quiet}
        data-testid="alerts-quiet"
        onChange={(event) => set('quiet', event.target.checked)}
      />
      {showTimes ? (
        <>
          {values.quiet ? (
            <div className="form__row form__row--two">
              <TextField
                id={fieldId('quiet_start')}
                type="time"
                label={t('alerts.quietFrom')}
                value={values.quiet_start}
                error={errors.quiet_start}
                required
                onChange={(event) => set('quiet_start', event.target.value)}
              />
              <TextField
                id={fieldId('quiet_end')}
                type="time"
                label={t('alerts.quietTo')}
                value={values.quiet_end}
                error={errors.quiet_end}
                required
                onChange={(event) => set('quiet_end', event.target.value)}
              />
            </div>
          ) : null}
          <TimeZoneSelect {...{ values, set, errors, fieldId }} />
        </>
      ) : null}
    </AlertsFieldset>
  )
}

function TimeZoneSelect({ values, set, errors, fieldId }: SectionProps) {
  const { t } = useTranslation()
  const [zones] = useState(supportedTimeZones)
  return (
    <SelectField
      id={fieldId('time_zone')}
      label={t('alerts.timeZone')}
      value={values.time_zone}
      error={errors.time_zone}
      testId="alerts-time-zone"
      onChange={(value) => set('time_zone', value)}
    >
      {timeZoneChoices(values.time_zone, zones).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, ' ')}
        </option>
      ))}
    </SelectField>
  )
}
