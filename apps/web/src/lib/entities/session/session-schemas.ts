import { z } from 'zod'

/** `{ data: { status } }` answers (logout, password reset, account deletion). */
export const StatusSchema = z.object({ status: z.string() })

/** `POST /api/v2/auth/register`: the same answer whether or not the email was known (no enumeration). */
export const VerificationSentSchema = z.object({ status: z.string(), email: z.string() })

/** `POST /api/v2/auth/social/{provider}`: where the provider's sign-in page is. */
export const SocialStartAnswerSchema = z.object({ url: z.string() })
