import { messages, type Profile, ToastType } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { CheckboxField, FormMessage, TextField } from '../../components/ui/form-field'
import { PageFrame } from '../../components/ui/page-frame'
import { errorText } from '../../lib/api/error-text'
import { useDeleteAccount } from '../../lib/entities/account/use-delete-account'
import { useProfile } from '../../lib/entities/account/use-profile'
import { useUpdateProfile } from '../../lib/entities/account/use-update-profile'
import { applyServerErrors } from '../../lib/forms/server-errors'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { useAppStore } from '../../lib/store/app-store'
import { profileFormDefaults, profileFormSchema, profileUpdateBody, withoutUnsetNames } from './profile-form'
import { SignInPrompt } from './sign-in-prompt'
import '../../components/ui/form-field.css'
import './profile-edit-page.css'
import { NameFields } from '../../components/ui/name-fields'
import { NewPasswordFields } from '../../components/ui/new-password-fields'

const profileFields = [
  'first_name',
  'last_name',
  'news',
  'current_password',
  'password',
  'password_confirmation',
] as const

/** Spec §2 /profile/edit: name, news opt-in, an optional new password, and account deletion by mail. */
export function ProfileEditPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.edit'))
  const user = useAppStore((state) => state.user)
  useProfile()
  if (!user) return <SignInPrompt title={t('profile.edit')} />
  return (
    <PageFrame title={t('profile.edit')} lead={t('profile.editLead')}>
      <div className="profile-edit">
        {/* A new user (another id) starts a new form; a saved profile of the same user keeps the typed state. */}
        <ProfileForm key={user.id} profile={user} />
        <DeleteAccountSection email={user.email} />
      </div>
    </PageFrame>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const updateProfile = useUpdateProfile()
  const [formError, setFormError] = useState<string | null>(null)
  const temporaryPassword = profile.temporary_password
  const { first_name: storedFirstName, last_name: storedLastName } = profile
  const resolver = useMemo(() => {
    const validate = zodResolver(profileFormSchema({ temporaryPassword }))
    const stored = { first_name: storedFirstName, last_name: storedLastName }
    const withStoredNames: typeof validate = (values, context, options) =>
      validate(withoutUnsetNames(values, stored), context, options)
    return withStoredNames
  }, [temporaryPassword, storedFirstName, storedLastName])
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: profileFormDefaults(profile) })

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      const saved = await updateProfile.mutateAsync(profileUpdateBody(values))
      reset(profileFormDefaults(saved))
      showToast({ type: ToastType.success, text: t('profileEdit.saved') })
    } catch (error) {
      const left = applyServerErrors(error, profileFields, (name, fieldError, options) =>
        // "Wrong auth data." under the current password reads better as what it means there.
        setError(
          name,
          name === 'current_password' && fieldError.message === messages.wrongAuthData
            ? { ...fieldError, message: t('profileEdit.currentPasswordWrong') }
            : fieldError,
          options,
        ),
      )
      setFormError(left)
    }
  })

  return (
    <form className="form profile-edit__form" noValidate onSubmit={onSubmit}>
      {temporaryPassword ? <FormMessage tone="info">{t('profileEdit.temporaryPassword')}</FormMessage> : null}
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

      <fieldset className="profile-edit__section">
        <legend className="profile-edit__legend">{t('profileEdit.detailsTitle')}</legend>
        <TextField
          label={t('auth.email')}
          type="email"
          value={profile.email}
          readOnly
          autoComplete="username"
          hint={t('profileEdit.emailHint')}
        />
        <NameFields register={register} errors={errors} />
        <CheckboxField label={t('auth.newsOptIn')} error={errors.news?.message} {...register('news')} />
      </fieldset>

      <fieldset className="profile-edit__section">
        <legend className="profile-edit__legend">{t('profileEdit.passwordTitle')}</legend>
        {temporaryPassword ? null : <p className="profile-edit__lead">{t('profileEdit.passwordLead')}</p>}
        <TextField
          label={t('profileEdit.currentPassword')}
          type="password"
          autoComplete="current-password"
          hint={temporaryPassword ? t('profileEdit.currentPasswordTemporary') : undefined}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <div className="form__row form__row--two">
          <NewPasswordFields
            register={register}
            errors={errors}
            labels={{ password: t('profileEdit.newPassword'), confirmation: t('profileEdit.confirmNewPassword') }}
          />
        </div>
      </fieldset>

      <div className="form__actions">
        <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('profileEdit.saving') : t('profileEdit.save')}
        </Button>
      </div>
    </form>
  )
}

/** Spec §2: deleting the account starts with a mail; the link in it confirms (/confirm-account-deletion). */
function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useTranslation()
  const deleteAccount = useDeleteAccount()
  const failure = deleteAccount.error ? errorText(deleteAccount.error) : null
  return (
    <section className="profile-edit__section profile-edit__danger" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="profile-edit__legend">
        {t('profileEdit.deleteTitle')}
      </h2>
      <p className="profile-edit__lead">{t('profileEdit.deleteLead')}</p>
      {deleteAccount.isSuccess ? (
        <FormMessage tone="success">{t('profileEdit.deleteSent', { email })}</FormMessage>
      ) : (
        <>
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <div>
            <Button
              variant="danger"
              disabled={deleteAccount.isPending}
              aria-busy={deleteAccount.isPending || undefined}
              onClick={() => deleteAccount.mutate()}
            >
              {deleteAccount.isPending ? t('profileEdit.deleteSending') : t('profileEdit.deleteButton')}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
