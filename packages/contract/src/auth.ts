import { z } from 'zod'
import { constants } from './constants.js'
import { messages } from './messages.js'

/**
 * Accounts (spec §3 User, §5 validation, §7 keys and authentication). The same schemas validate the
 * forms in the browser and the requests on the server, so both speak the spec's words.
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
  .max(constants.passwordMaxLength, `The field length must be less than ${constants.passwordMaxLength + 1}`)

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(100, 'The field length must be less than 101')

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

/** `GET /api/profile` */
export const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  news: z.boolean(),
  temporary_password: z.boolean(),
  email_verified: z.boolean(),
  capabilities: z.array(z.string()),
  trial_period_used: z.boolean(),
  /** Providers linked to the account (google, facebook). */
  social: z.array(z.string()),
})
export type Profile = z.infer<typeof ProfileSchema>

/** A session's answer to login, registration and add_session: a fresh api key and the profile. */
export const AuthSessionSchema = z.object({ api_key: z.string(), profile: ProfileSchema })
export type AuthSession = z.infer<typeof AuthSessionSchema>

/** Spec §3: capabilities lower-cased into flags, each false by default. */
export const CapabilityFlagsSchema = z.object({
  watch: z.boolean(),
  download: z.boolean(),
  clipping: z.boolean(),
  download_clip: z.boolean(),
  no_ads: z.boolean(),
  vod_media: z.boolean(),
})
export type CapabilityFlags = z.infer<typeof CapabilityFlagsSchema>

export const capabilityFlags = (capabilities: readonly string[]): CapabilityFlags => {
  const set = new Set(capabilities.map((c) => c.toLowerCase()))
  return {
    watch: set.has('watch'),
    download: set.has('download'),
    clipping: set.has('clipping'),
    download_clip: set.has('download_clip'),
    no_ads: set.has('no_ads'),
    vod_media: set.has('vod_media') || set.has('vod_media_access'),
  }
}

/** `GET /api/user/access` */
export const UserAccessSchema = z.object({
  capabilities: CapabilityFlagsSchema,
  featureCount: z.object({ clips: z.number().int(), downloads: z.number().int() }),
  trial_period_used: z.boolean(),
  is_geo_blocked: z.boolean(),
})
export type UserAccess = z.infer<typeof UserAccessSchema>

/** `POST /api/delete-account-confirm`: the fields of the confirmation link. */
export const DeleteAccountConfirmSchema = EmailVerifySchema
export type DeleteAccountConfirm = z.input<typeof DeleteAccountConfirmSchema>

export const SocialProvider = { google: 'google', facebook: 'facebook' } as const
export type SocialProvider = (typeof SocialProvider)[keyof typeof SocialProvider]

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

/** Custom forms (spec §3): a list of name/value fields. The passes form holds the basic-pass flag. */
export const PASSES_FORM_ALIAS = 'passes'
export const BASIC_PASS_FIELD = 'basic_pass'
export const CustomFormFieldSchema = z.object({
  name: z.string().min(1).max(64),
  value: z.string().max(2000).nullable(),
})
export const CustomFormSchema = z.object({ alias: z.string(), fields: z.array(CustomFormFieldSchema) })
export type CustomForm = z.infer<typeof CustomFormSchema>
export const CustomFormSubmitSchema = z.object({ fields: z.array(CustomFormFieldSchema).max(50).optional() })
