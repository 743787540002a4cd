import { CustomersRepository } from './customers.repository.js'
import { customersRoutes } from './customers.routes.js'
import { CustomersService } from './customers.service.js'

/** What the container and the app take of the customers module (decision 0038): `build` and `routes`. */
export const customersModule = {
  build: (
    db: ConstructorParameters<typeof CustomersRepository>[0],
    deps: ConstructorParameters<typeof CustomersService>[1],
  ) => new CustomersService(new CustomersRepository(db), deps),
  routes: customersRoutes,
}
