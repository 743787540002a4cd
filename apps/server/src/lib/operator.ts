import { type AdminAction, type AdminResource, can, type OperatorRole } from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import { forbidden } from './errors.js'
import type { Session } from './session.js'

/** A signed-in person with a role on the session's channel (issue 16). */
export interface Operator {
  session: Session
  userId: number
  email: string
  role: OperatorRole
}

/** The message of a write or read the operator's role does not allow. */
export const notAllowed = 'Your role on this channel does not allow this.'

/** Throws 403 unless `can(role, action, resource)` (the one rule table, shared with the console). */
export function mustBeAllowed(op: Operator, action: AdminAction, resource: AdminResource) {
  if (!can(op.role, action, resource)) throw forbidden(notAllowed)
}

/** What an operator write records in the audit log (who is the operator; when is now). */
export interface AuditEntry {
  action: string
  resource: AdminResource
  resourceId: string | number | null
  before?: unknown
  after?: unknown
}

/** Where operator writes are recorded. */
export type AuditSink = (op: Operator, entry: AuditEntry) => Promise<void> | void

/** The console operator of a request the session plugin let through (`operator` mode), with its session. */
export function consoleOperator(req: FastifyRequest): Operator {
  const { userId, email, role } = req.operator
  return { session: req.session, userId, email, role }
}
