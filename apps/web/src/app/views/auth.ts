// The mailed alerts' unsubscribe link: a signed-out page like the other mailed links, with their words.
export { UnsubscribePage } from '../../features/account/unsubscribe-page'
export { ConfirmAccountDeletionPage } from '../../features/auth/confirm-account-deletion-page'
export { LoginPage } from '../../features/auth/login-page'
export { PasswordResetPage } from '../../features/auth/password-reset-page'
export { PasswordResetRequestPage } from '../../features/auth/password-reset-request-page'
export { RegistrationPage } from '../../features/auth/registration-page'
export { VerifyEmailPage } from '../../features/auth/verify-email-page'
export { VerifyNoticePage } from '../../features/auth/verify-notice-page'
