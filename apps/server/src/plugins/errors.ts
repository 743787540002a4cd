import { messages } from '@fieldhouse/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, type FieldErrors } from '../lib/errors.js'

/**
 * One error handler (style §12): domain errors keep their status and words; validation becomes 422
 * field by field; framework errors keep their 4xx status in our format; anything else is a 500 that
 * hides its internals and is logged with the request's context.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {}
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request'
        errors[field] = [...(errors[field] ?? []), issue.message ?? messages.validationFailed]
      }
      return reply.status(422).send({ message: messages.validationFailed, errors })
    }
    const status = error.statusCode ?? 500
    if (status === 413) return reply.status(413).send({ message: messages.payloadTooLarge })
    if (status === 429) return reply.status(429).send({ message: messages.tooManyRequests })
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: say what was wrong, in the client's terms.
      return reply.status(status).send({ message: error.message || messages.validationFailed })
    }
    req.log.error({ err: error }, 'request failed')
    return reply.status(500).send({ message: messages.serverError })
  })
}
