import { type AdminAction, AdminIdParamsSchema, type AdminResource, adminListOf, dataOf } from '@fieldhouse/contract'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'

type Schema = z.ZodType
type Id = z.output<typeof AdminIdParamsSchema>['id']
/** What an `/api/admin` route declares to the session plugin's operator gate. */
type AdminCheck = NonNullable<FastifyContextConfig['admin']>
/** A Fastify instance of any type provider (the module plugins' are zod's). */
type ConsoleApp = FastifyInstance<any, any, any, any, any>

/** What every console route of a file shares: its OpenAPI tags and who is operating. */
export interface ConsoleScope<Op> {
  tags: string[]
  /** Who is operating: `consoleOperator(req)`, or the session plugin's `req.operator`. */
  operator: (req: FastifyRequest) => Op
  /** Reads (GET) answer `cache-control: no-store`. */
  noStore?: boolean
}

/** What a route's handler is given: the operator and the parsed parameters, query and body. */
export interface ConsoleInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: z.output<P>
  query: z.output<Q>
  body: z.output<B>
}

/**
 * One console route. The answer is the service's list as it is (`{ data, meta }`) when `list` is
 * given, `{ data }` with `status` (200 unless told) when `item` is given, else an empty 204.
 */
export interface ConsoleRoute<Op, P extends Schema, Q extends Schema, B extends Schema> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  url: string
  admin: AdminCheck
  params?: P
  querystring?: Q
  body?: B
  list?: Schema
  item?: Schema
  status?: 200 | 201
  bodyLimit?: number
  rateLimit?: { max: number; timeWindow: number }
  run: (op: Op, input: ConsoleInput<P, Q, B>, req: FastifyRequest) => Promise<unknown>
}

/** The usual routes of a console collection at `base` and `${base}/:id`, registered in this order. */
export interface ConsoleCrud<Op, Q extends Schema, C extends Schema, U extends Schema> {
  base: string
  resource: AdminResource
  item: Schema
  /** The list's rows are `item` unless told (a shorter row than the detail). */
  list?: { query?: Q; item?: Schema; run: (op: Op, query: z.output<Q>) => Promise<unknown> }
  read?: (op: Op, id: Id) => Promise<unknown>
  /** A create is gated as `create` and answers an `item` unless told (operators are invited). */
  create?: {
    action?: AdminAction
    item?: Schema
    body: C
    run: (op: Op, body: z.output<C>, req: FastifyRequest) => Promise<unknown>
  }
  update?: { body: U; run: (op: Op, id: Id, body: z.output<U>) => Promise<unknown> }
  remove?: (op: Op, id: Id) => Promise<unknown>
}

/** A console singleton: GET and PATCH at one path (the channel, its settings, a report's setting). */
export interface ConsoleSingleton<Op, B extends Schema> {
  url: string
  resource: AdminResource
  item: Schema
  read: (op: Op) => Promise<unknown>
  update: { body: B; run: (op: Op, body: z.output<B>) => Promise<unknown> }
}

/** A whole list (not paged) in the console's list shape. */
export const wholeList = <T>(data: T[]) => ({ data, meta: { total: data.length, offset: 0, limit: null } })

/**
 * The console's route declarations over one scope: each route names its gate, its schemas and the one
 * service call it makes; the shapes of the answers (list, `{ data }`, 204) and the no-store header of
 * the reads are here.
 */
export function consoleRoutes<Op>(app: ConsoleApp, scope: ConsoleScope<Op>) {
  function route<
    P extends Schema = z.ZodUndefined,
    Q extends Schema = z.ZodUndefined,
    B extends Schema = z.ZodUndefined,
  >(spec: ConsoleRoute<Op, P, Q, B>) {
    const status = spec.status ?? 200
    const response = spec.list
      ? { response: { 200: adminListOf(spec.list) } }
      : spec.item
        ? { response: { [status]: dataOf(spec.item) } }
        : {}
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
      config: { ...(spec.rateLimit && { rateLimit: spec.rateLimit }), admin: spec.admin },
      schema: {
        tags: scope.tags,
        ...(spec.params && { params: spec.params }),
        ...(spec.querystring && { querystring: spec.querystring }),
        ...(spec.body && { body: spec.body }),
        ...response,
      },
      handler: async (req, reply) => {
        if (scope.noStore && spec.method === 'GET') reply.header('cache-control', 'no-store')
        const input = { params: req.params, query: req.query, body: req.body } as ConsoleInput<P, Q, B>
        const result = await spec.run(scope.operator(req), input, req)
        if (spec.list) return result
        if (spec.item) return reply.code(status).send({ data: result })
        return reply.code(204).send()
      },
    })
  }

  function crud<
    Q extends Schema = z.ZodUndefined,
    C extends Schema = z.ZodUndefined,
    U extends Schema = z.ZodUndefined,
  >(spec: ConsoleCrud<Op, Q, C, U>) {
    const { base, resource, item, list, read, create, update, remove } = spec
    const one = `${base}/:id`
    const params = AdminIdParamsSchema
    if (list) {
      const admin = { resource, action: 'read' } as const
      route({
        method: 'GET',
        url: base,
        admin,
        querystring: list.query,
        list: list.item ?? item,
        run: (op, i) => list.run(op, i.query),
      })
    }
    if (read) {
      const admin = { resource, action: 'read' } as const
      route({ method: 'GET', url: one, admin, params, item, run: (op, i) => read(op, i.params.id) })
    }
    if (create) {
      const admin = { resource, action: create.action ?? 'create' }
      const run = (op: Op, i: ConsoleInput<z.ZodUndefined, z.ZodUndefined, C>, req: FastifyRequest) =>
        create.run(op, i.body, req)
      route({ method: 'POST', url: base, admin, body: create.body, item: create.item ?? item, status: 201, run })
    }
    if (update) {
      const admin = { resource, action: 'update' } as const
      const run = (op: Op, i: ConsoleInput<typeof params, z.ZodUndefined, U>) => update.run(op, i.params.id, i.body)
      route({ method: 'PATCH', url: one, admin, params, body: update.body, item, run })
    }
    if (remove) {
      const admin = { resource, action: 'delete' } as const
      route({ method: 'DELETE', url: one, admin, params, run: (op, i) => remove(op, i.params.id) })
    }
  }

  function singleton<B extends Schema>({ url, resource, item, read, update }: ConsoleSingleton<Op, B>) {
    route({ method: 'GET', url, admin: { resource, action: 'read' }, item, run: (op) => read(op) })
    const admin = { resource, action: 'update' } as const
    route({ method: 'PATCH', url, admin, body: update.body, item, run: (op, i) => update.run(op, i.body) })
  }

  return { route, crud, singleton }
}
