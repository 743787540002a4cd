import type { TotpSetupSchema } from '@fieldhouse/contract'
import { useState } from 'react'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { FormMessage } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api/error-text'
import { useTotpConfirm, useTotpDisable, useTotpSetup } from '../api/use-me'
import { CodeForm } from '../components/code-form'
import { PageHead } from '../components/page-head'
import { TotpQrCode } from '../components/totp-qr-code'
import { useOperator } from '../operator-context'
import { ConsoleTrans, useConsoleText } from '../words'

type Setup = z.infer<typeof TotpSetupSchema>

/** A 6-digit code form: the confirmation of a new secret, or the code that turns the factor off. */
function SecurityCodeForm(props: {
  submitLabel: string
  onCode: (code: string) => Promise<unknown>
  variant?: 'primary' | 'secondary'
}) {
  const t = useConsoleText()
  return (
    <CodeForm
      className="console-form console-form--inline"
      label={t('security.code')}
      actionsClassName="console-form__actions"
      {...props}
    />
  )
}

function TurnOn({ onDone }: { onDone: () => void }) {
  const t = useConsoleText()
  const setup = useTotpSetup()
  const confirm = useTotpConfirm()
  const [secret, setSecret] = useState<Setup | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (!secret) {
    return (
      <>
        <p>
          <ConsoleTrans k="security.offText" components={{ strong: <strong /> }} />
        </p>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button
          disabled={setup.isPending}
          onClick={() => {
            setError(null)
            setup.mutate(undefined, {
              onSuccess: setSecret,
              onError: (failure) => setError(errorText(failure) ?? t('security.setupFailed')),
            })
          }}
        >
          {t('security.turnOnButton')}
        </Button>
      </>
    )
  }
  const grouped = secret.secret.replace(/(.{4})/g, '$1 ').trim()
  return (
    <>
      <h2>{t('security.addToApp')}</h2>
      <ol className="console-steps">
        <li>
          {t('security.scan')}
          <TotpQrCode uri={secret.otpauth_uri} />
          {/* biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words in it */}
          <ConsoleTrans k="security.orLink" components={{ a: <a href={secret.otpauth_uri} /> }} />
          <p>
            {t('security.setupKey')} <code className="console-secret">{grouped}</code>
          </p>
        </li>
        <li>{t('security.typeCode')}</li>
      </ol>
      <SecurityCodeForm
        submitLabel={t('security.turnOn')}
        onCode={async (code) => {
          await confirm.mutateAsync(code)
          onDone()
        }}
      />
    </>
  )
}

/** Your account's security: the TOTP second factor (owners and managers), turned on and off here. */
export default function SecurityPage() {
  const t = useConsoleText()
  const me = useOperator()
  const disable = useTotpDisable()
  const [notice, setNotice] = useState<string | null>(null)
  return (
    <>
      <PageHead title={t('security.title')} lead={t('security.lead', { email: me.user.email })} />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {me.totp.enabled ? (
        <>
          <p>
            <ConsoleTrans k="security.onText" components={{ strong: <strong /> }} />
          </p>
          <h2>{t('security.turnItOff')}</h2>
          <SecurityCodeForm
            submitLabel={t('security.turnOff')}
            variant="secondary"
            onCode={async (code) => {
              await disable.mutateAsync(code)
              setNotice(t('security.isOff'))
            }}
          />
        </>
      ) : (
        <TurnOn onDone={() => setNotice(t('security.isOn'))} />
      )}
    </>
  )
}
