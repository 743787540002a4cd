import { messages, RegisterSchema, type SocialProvider } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { SubmitButton } from '../../components/ui/button'
import { CheckboxField, FormMessage } from '../../components/ui/form-field'
import { NameFields } from '../../components/ui/name-fields'
import { NewPasswordFields } from '../../components/ui/new-password-fields'
import { errorText } from '../../lib/api/error-text'
import { useRegister } from '../../lib/entities/session/use-register'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { AuthFrame } from './auth-frame'
import { EmailField } from './email-field'
import { readSocialReturn } from './social'
import { SocialButtons } from './social-buttons'
import { TermsLabel } from './terms-label'
import { useAuthForm } from './use-auth-form'
import { useHumanCheck } from './use-human-check'
import { useSocialStart } from './use-social-start'

const registrationFields = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'news',
  'terms',
] as const

/**
 * Spec §2 /registration. A new account is not signed in: the server mails a verification link (the
 * same answer whether or not the address is known), and the viewer is told so on /verify-notice.
 */
export function RegistrationPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.registrationTitle'))
  const navigate = useNavigate()
  const location = useLocation()
  // Spec §5: a social sign-in of an unknown user comes back here; with the terms accepted it may register.
  const notRegistered = readSocialReturn(location.search)?.kind === 'not-registered'
  const registerAccount = useRegister()
  const humanCheck = useHumanCheck('register')
  const social = useSocialStart()
  const { register, trigger, getValues, errors, isSubmitting, formError, onSubmit } = useAuthForm({
    schema: RegisterSchema,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      news: false,
    },
    serverFields: registrationFields,
    submit: async (fields) => {
      const recaptcha_token = await humanCheck()
      const answer = await registerAccount.mutateAsync({ ...fields, recaptcha_token })
      const email = answer.email || fields.email
      await navigate(`${paths.verifyNotice}?${new URLSearchParams({ email })}`)
    },
  })

  // With the terms ticked the social account may be created; after "not registered" they must be.
  const startSocial = async (provider: SocialProvider) => {
    const terms = getValues('terms') === true
    if (notRegistered && !terms) {
      await trigger('terms', { shouldFocus: true })
      return
    }
    social.start(provider, terms ? { terms: true, news: Boolean(getValues('news')) } : {})
  }

  const message = formError ?? (social.error ? errorText(social.error) : null)
  const busy = isSubmitting || social.pending !== null

  return (
    <AuthFrame
      wide
      title={t('auth.registrationTitle')}
      lead={t('auth.registrationLead')}
      footer={
        <p>
          {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.signIn')}</Link>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        {notRegistered ? <FormMessage tone="info">{messages.socialNotRegistered}</FormMessage> : null}
        {message ? <FormMessage tone="error">{message}</FormMessage> : null}
        <NameFields register={register} errors={errors} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <div className="form__row form__row--two">
          <NewPasswordFields register={register} errors={errors} />
        </div>
        <CheckboxField label={t('auth.newsOptIn')} error={errors.news?.message} {...register('news')} />
        <CheckboxField label={<TermsLabel />} error={errors.terms?.message} {...register('terms')} />
        <SubmitButton submitting={isSubmitting} disabled={busy}>
          {isSubmitting ? t('auth.registering') : t('auth.register')}
        </SubmitButton>
      </form>
      <SocialButtons
        pending={social.pending}
        disabled={isSubmitting}
        onSelect={(provider) => void startSocial(provider)}
      />
    </AuthFrame>
  )
}
