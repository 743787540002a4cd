import { z } from 'zod'
import { constants } from './constants.js'
import { lengthLessThan, messages } from './messages.js'

/**
 * The account forms (spec §5 validation, §7 authentication). The same schemas validate the forms in
 * the browser and the requests on the server, so both speak the spec's words. Apart from auth.ts so
 * that a page which only reads the signed-in profile does not build them (the web app's start).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const EmailSchema = z
  .string({ error: messages.enterEmail })
  .trim()
  .min(1, messages.enterEmail)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((v) => v.toLowerCase())

export const PasswordSchema = z
  .string({ error: messages.fieldRequired })
  .min(1, messages.fieldRequired)
  .min(constants.passwordMinLength, messages.passwordTooShort)
  .max(constants.passwordMaxLength, lengthLessThan(constants.passwordMaxLength + 1))

const NAME_MAX_LENGTH = 100

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, lengthLessThan(NAME_MAX_LENGTH + 1))

const optionalToken = z.string().max(4096).optional()

/** Confirmation must match the password; the error sits on the confirmation field. */
const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, password: PasswordSchema, password_confirmation: z.string({ error: messages.fieldRequired }) })
    .refine(
      (v) => (v as { password: string }).password === (v as { password_confirmation: string }).password_confirmation,
      {
        message: messages.passwordMismatch,
        path: ['password_confirmation'],
      },
    )

/** `POST /api/v2/auth/register` */
export const RegisterSchema = withConfirmation({
  email: EmailSchema,
  first_name: name(messages.enterFirstName),
  last_name: name(messages.enterLastName),
  news: z.coerce.boolean().optional().default(false),
  terms: z.literal(true, { error: messages.acceptTerms }),
  recaptcha_token: optionalToken,
})
export type Register = z.input<typeof RegisterSchema>

/** `POST /api/v2/auth/login` */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: messages.fieldRequired }).min(1, messages.fieldRequired).max(constants.passwordMaxLength),
  recaptcha_token: optionalToken,
})
export type Login = z.input<typeof LoginSchema>

/** `POST /api/auth/email-verify`: the fields of the link sent by mail. */
export const EmailVerifySchema = z.object({
  email: EmailSchema,
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, messages.verificationFailed),
})
export type EmailVerify = z.input<typeof EmailVerifySchema>

/** `POST /api/auth/password-reset-request` */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema, recaptcha_token: optionalToken })
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>

/** `POST /api/auth/password-reset`: the link's email and token, and the new password. */
export const PasswordResetSchema = withConfirmation({
  email: EmailSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, messages.resetFailed),
})
export type PasswordReset = z.input<typeof PasswordResetSchema>

/** `POST /api/auth/add_session`: a one-time code (from the social callback) becomes a session. */
export const AddSessionSchema = z.object({ code: z.string().min(20).max(200) })

/** `POST /api/profile` with `_method=patch`. The new password is optional (spec §5). */
export const ProfileUpdateSchema = z
  .object({
    _method: z.literal('patch'),
    first_name: name(messages.enterFirstName).optional(),
    last_name: name(messages.enterLastName).optional(),
    news: z.coerce.boolean().optional(),
    current_password: z.string().max(constants.passwordMaxLength).optional(),
    password: PasswordSchema.optional().or(z.literal('').transform(() => undefined)),
    password_confirmation: z.string().optional(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  })
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>

/** `POST /api/delete-account-confirm`: the fields of the confirmation link. */
export const DeleteAccountConfirmSchema = EmailVerifySchema
export type DeleteAccountConfirm = z.input<typeof DeleteAccountConfirmSchema>

/** `POST /api/v2/auth/social/{provider}`: where to come back to, and for a new user the terms. */
export const SocialStartSchema = z.object({
  redirect_path: z
    .string()
    .regex(/^\/[^/\\]/)
    .max(500)
    .optional(),
  terms: z.coerce.boolean().optional(),
  news: z.coerce.boolean().optional(),
})
