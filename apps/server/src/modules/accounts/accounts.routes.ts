import {
  AddSessionSchema,
  AuthSessionSchema,
  CustomFormSchema,
  CustomFormSubmitSchema,
  DeleteAccountConfirmSchema,
  dataOf,
  EmailVerifySchema,
  LoginSchema,
  messages,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  SocialProvider,
  SocialStartSchema,
  UserAccessSchema,
} from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recaptchaSecretOf } from '../../lib/channel-settings.js'
import { invalid, unauthorized } from '../../lib/errors.js'
import type { HumanCheck } from '../../lib/recaptcha.js'
import { extraLimit } from '../../plugins/rate-limit.js'
import type { ChannelService } from '../channel/channel.service.js'
import type { FormsService } from '../forms/forms.service.js'
import type { AccountsService } from './accounts.service.js'
import type { SocialLogin } from './social-login.js'

const tags = ['accounts']
const Status = <T extends string>(status: T) => dataOf(z.object({ status: z.literal(status) }))

/**
 * Spec §7 "Keys and authentication" and "Custom forms". Links in mails point at the channel's primary
 * verified domain, else PUBLIC_URL — never at the host the request named (decision 0041: no host-header
 * poisoning, whichever domains the channel has).
 */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService
  forms: FormsService
  channels: ChannelService
  publicUrl: string
  authRateLimitMax: number
  authAddressRateLimitMax: number
  humanCheck: HumanCheck
  social: SocialLogin
  geoBlocked: (req: FastifyRequest) => boolean
}> = async (
  app,
  { accounts, forms, channels, publicUrl, authRateLimitMax, authAddressRateLimitMax, humanCheck, social, geoBlocked },
) => {
  const origin = (req: FastifyRequest) => channels.linkOrigin(req.session.channel)
  /**
   * Social sign-in brings the browser back where it started: the request's host when it is one of the
   * channel's verified domains (the provider answers the browser that asked, not a mailbox), else the
   * channel's link origin.
   */
  const returnOrigin = async (req: FastifyRequest) => {
    const host = req.hostname.replace(/:\d+$/, '').toLowerCase()
    return (await channels.findKeyByHost(host)) === req.session.channel.key
      ? `${req.protocol}://${req.host}`
      : origin(req)
  }
  /** Spec §5, §8: where the channel requires it, these forms carry a reCAPTCHA token. */
  const requireHuman = async (req: FastifyRequest & { body: { recaptcha_token?: string | undefined } }) => {
    const secret = recaptchaSecretOf(req.session.channel)
    if (!secret) return
    const token = req.body.recaptcha_token
    if (!token) throw invalid({ recaptcha_token: [messages.recaptchaRequired] }, messages.recaptchaRequired)
    if (!(await humanCheck.verify(secret, token, req.ip))) {
      throw invalid({ recaptcha_token: [messages.recaptchaInvalid] }, messages.recaptchaInvalid)
    }
  }
  // Per api key (the limiter's own key: a made-up one counts against its address), in front of the
  // per-account limits in the service; and per address a ceiling a venue's crowd stays under
  // (decision 11), so that minting keys does not buy a script unbounded password hashing.
  const authLimit = {
    rateLimit: { max: authRateLimitMax, timeWindow: 60_000 },
  }
  const addressCeiling = extraLimit(app, {
    max: authAddressRateLimitMax,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `auth-ip:${req.ip}`,
  })
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== authLimit.rateLimit) return
    const hooks = route.preValidation
    route.preValidation = [addressCeiling, ...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : [])]
  })

  app.post(
    '/api/v2/auth/register',
    {
      config: authLimit,
      schema: {
        tags,
        body: RegisterSchema,
        response: { 200: dataOf(z.object({ status: z.literal('verification_sent'), email: z.string() })) },
      },
    },
    async (req) => {
      await requireHuman(req)
      return { data: await accounts.register(req.session, req.body, await origin(req)) }
    },
  )

  app.post(
    '/api/auth/email-verify',
    { config: authLimit, schema: { tags, body: EmailVerifySchema, response: { 200: dataOf(AuthSessionSchema) } } },
    async (req) => ({ data: await accounts.verifyEmail(req.session, req.body) }),
  )

  app.post(
    '/api/v2/auth/login',
    { config: authLimit, schema: { tags, body: LoginSchema, response: { 200: dataOf(AuthSessionSchema) } } },
    async (req) => {
      await requireHuman(req)
      return { data: await accounts.login(req.session, req.body, await origin(req)) }
    },
  )

  const ProviderParams = z.object({ provider: z.enum([SocialProvider.google, SocialProvider.facebook]) })
  app.post(
    '/api/v2/auth/social/:provider',
    {
      config: authLimit,
      schema: {
        tags,
        params: ProviderParams,
        body: SocialStartSchema,
        response: { 200: dataOf(z.object({ url: z.string() })) },
      },
    },
    async (req) => ({ data: await social.start(req.session, req.params.provider, req.body, await returnOrigin(req)) }),
  )

  // The provider sends the browser here; no api key comes with it (the state names the flow).
  app.get(
    '/api/auth/login/:provider/callback',
    { config: { session: 'none', ...authLimit }, schema: { tags, params: ProviderParams } },
    async (req, reply) => {
      const here = new URL(req.url, publicUrl)
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store')
      return reply.redirect(await social.callback(req.params.provider, here, publicUrl), 302)
    },
  )

  app.post(
    '/api/auth/add_session',
    { config: authLimit, schema: { tags, body: AddSessionSchema, response: { 200: dataOf(AuthSessionSchema) } } },
    async (req) => ({ data: await social.addSession(req.session, req.body.code) }),
  )

  app.post('/api/auth/logout', { schema: { tags, response: { 200: Status('ok') } } }, async (req) => ({
    data: await accounts.logout(req.session),
  }))

  app.post(
    '/api/auth/password-reset-request',
    { config: authLimit, schema: { tags, body: PasswordResetRequestSchema, response: { 200: Status('sent') } } },
    async (req) => {
      await requireHuman(req)
      return { data: await accounts.requestPasswordReset(req.session, req.body.email, await origin(req)) }
    },
  )

  app.post(
    '/api/auth/password-reset',
    { config: authLimit, schema: { tags, body: PasswordResetSchema, response: { 200: Status('ok') } } },
    async (req) => ({ data: await accounts.resetPassword(req.session, req.body) }),
  )

  app.get('/api/profile', { schema: { tags, response: { 200: dataOf(ProfileSchema) } } }, async (req) => ({
    data: await accounts.profile(req.session),
  }))

  app.post(
    '/api/profile',
    { schema: { tags, body: ProfileUpdateSchema, response: { 200: dataOf(ProfileSchema) } } },
    async (req) => ({ data: await accounts.updateProfile(req.session, req.body) }),
  )

  app.get('/api/user/access', { schema: { tags, response: { 200: dataOf(UserAccessSchema) } } }, async (req) => ({
    data: await accounts.access(req.session, geoBlocked(req)),
  }))

  app.post(
    '/api/delete-account',
    { config: authLimit, schema: { tags, response: { 200: Status('sent') } } },
    async (req) => ({
      data: await accounts.requestDeletion(req.session, await origin(req)),
    }),
  )

  app.post(
    '/api/delete-account-confirm',
    { config: authLimit, schema: { tags, body: DeleteAccountConfirmSchema, response: { 200: Status('deleted') } } },
    async (req) => ({ data: await accounts.confirmDeletion(req.session, req.body) }),
  )

  const FormParams = z.object({ alias: z.string().regex(/^[a-z0-9_-]{1,64}$/) })
  app.get(
    '/api/custom-forms/:alias',
    { schema: { tags, params: FormParams, response: { 200: dataOf(CustomFormSchema) } } },
    async (req) => ({ data: await forms.get(req.session.channel.id, req.params.alias, req.session.userId) }),
  )

  app.post(
    '/api/custom-forms/:alias',
    { schema: { tags, params: FormParams, body: CustomFormSubmitSchema, response: { 200: dataOf(CustomFormSchema) } } },
    async (req) => {
      if (!req.session.userId) throw unauthorized(messages.loginRequired)
      return {
        data: await forms.submit(req.session.channel.id, req.params.alias, req.session.userId, req.body.fields ?? []),
      }
    },
  )
}
