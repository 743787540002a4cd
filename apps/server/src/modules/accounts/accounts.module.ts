import type { Config } from '../../config.js'
import { accountsRoutes } from './accounts.routes.js'
import { AccountsService } from './accounts.service.js'
import { SocialLogin } from './social-login.js'

/**
 * What the container and the app take of the accounts module: `build` (the container's `accounts`),
 * `social` (sign-in through Google or Facebook, over the accounts service) and `routes`.
 */
type SocialDeps = Omit<ConstructorParameters<typeof SocialLogin>[0], 'providers'>
type ProviderConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_ISSUER'
  | 'FACEBOOK_CLIENT_ID'
  | 'FACEBOOK_CLIENT_SECRET'
  | 'FACEBOOK_ISSUER'
>

/** Sign-in through the providers the config names in full (client id, secret and issuer). */
function createSocial(config: ProviderConfig, deps: SocialDeps) {
  const settings = (id?: string, secret?: string, issuer?: string) =>
    id && secret && issuer ? { clientId: id, clientSecret: secret, issuer } : undefined
  const google = settings(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER)
  const facebook = settings(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET, config.FACEBOOK_ISSUER)
  return new SocialLogin({ ...deps, providers: { ...(google ? { google } : {}), ...(facebook ? { facebook } : {}) } })
}

export const accountsModule = {
  build: (deps: ConstructorParameters<typeof AccountsService>[0]) => new AccountsService(deps),
  social: createSocial,
  routes: accountsRoutes,
}
