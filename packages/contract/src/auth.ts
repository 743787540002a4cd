import { z } from 'zod'
import { accountFields } from './fields.js'
import { named } from './named.js'

/**
 * Accounts (spec §3 User, §7): the profile, the session, capabilities and custom forms. The forms that
 * sign a viewer in, up or out of a password are in auth-forms.ts.
 */

/** `GET /api/profile` */
export const ProfileSchema = z.object({
  ...accountFields,
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

export const SocialProvider = named('google', 'facebook')
export type SocialProvider = (typeof SocialProvider)[keyof typeof SocialProvider]

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
