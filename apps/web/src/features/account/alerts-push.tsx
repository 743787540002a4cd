import { ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { PushPermissionRefused, usePushSubscription } from '../../lib/entities/notifications/use-push-subscription'
import { showToast } from '../../lib/notify/toast-store'

/**
 * Push in this browser: where it stands said plainly (checking, not supported, blocked and how to allow
 * it, on, off), the one button that changes it, and how many of the viewer's browsers take alerts.
 */
export function AlertsPush({ vapidPublicKey, devices }: { vapidPublicKey: string; devices: number }) {
  const { t } = useTranslation()
  const push = usePushSubscription(vapidPublicKey)
  const state = push.state?.kind

  const handleTurnOn = () => {
    push.turnOn().then(
      () => showToast({ type: ToastType.success, text: t('alerts.turnedOn') }),
      (error: unknown) => {
        // Blocked: the state now says so, with how to allow it. Dismissed: it stays off, said once.
        if (error instanceof PushPermissionRefused) {
          if (error.permission !== 'denied') showToast({ text: t('alerts.notAllowed') })
          return
        }
        showToast({ type: ToastType.error, text: t('alerts.turnOnFailed') })
      },
    )
  }
  const handleTurnOff = () => {
    push.turnOff().then(
      () => showToast({ type: ToastType.success, text: t('alerts.turnedOff') }),
      () => showToast({ type: ToastType.error, text: t('alerts.turnOffFailed') }),
    )
  }

  const said = push.checking
    ? t('alerts.checking')
    : push.checkFailed
      ? t('alerts.checkFailed')
      : state === 'unsupported'
        ? t('alerts.unsupported')
        : state === 'denied'
          ? t('alerts.denied')
          : state === 'on'
            ? t('alerts.browserOn')
            : t('alerts.browserOff')
  const canTurnOn = !push.checking && (push.checkFailed || state === 'off')

  return (
    <fieldset className="alerts-push" data-testid="alerts-push">
      <legend className="alerts-push__title">{t('alerts.browserTitle')}</legend>
      <p
        className={`alerts-push__state${state === 'denied' || state === 'unsupported' ? ' alerts-push__state--warn' : ''}`}
        role="status"
        data-testid="alerts-push-state"
        data-state={push.checking ? 'checking' : (state ?? 'unknown')}
      >
        {said}
      </p>
      {canTurnOn ? (
        <Button
          variant="secondary"
          className="alerts-push__button"
          disabled={push.busy}
          aria-busy={push.busy || undefined}
          data-testid="alerts-push-on"
          onClick={handleTurnOn}
        >
          {push.busy ? t('alerts.turningOn') : t('alerts.turnOn')}
        </Button>
      ) : null}
      {state === 'on' && !push.checking ? (
        <Button
          variant="ghost"
          className="alerts-push__button"
          disabled={push.busy}
          aria-busy={push.busy || undefined}
          data-testid="alerts-push-off"
          onClick={handleTurnOff}
        >
          {push.busy ? t('alerts.turningOff') : t('alerts.turnOff')}
        </Button>
      ) : null}
      <p className="alerts-push__devices" data-testid="alerts-push-devices">
        {devices > 0 ? t('alerts.devices', { count: devices }) : t('alerts.devicesNone')}
      </p>
    </fieldset>
  )
}
