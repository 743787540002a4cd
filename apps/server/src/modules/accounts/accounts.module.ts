import { accountsRoutes } from './accounts.routes.js'
import { AccountsService } from './accounts.service.js'
import { SocialLogin } from './social-login.js'

/**
 * What the container and the app take of the accounts module: `build` (the container's `accounts`),
 * `social` (sign-in through Google or Facebook, over the accounts service) and `routes`.
 */
export const accountsModule = {
  build: (deps: ConstructorParameters<typeof AccountsService>[0]) => new AccountsService(deps),
  social: (deps: ConstructorParameters<typeof SocialLogin>[0]) => new SocialLogin(deps),
  routes: accountsRoutes,
}
