import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import { EventCategorySchema } from '@fieldhouse/contract'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * Schemas the OpenAPI document names under `components/schemas`. A recursive schema must be here: its
 * inner reference to itself needs a name to point at (without one, zod's generated `schema0` is
 * referred to but never defined, and the document is invalid).
 */
export const openApiSchemas = z.registry<{ id: string }>()
openApiSchemas.add(EventCategorySchema, { id: 'EventCategory' })

/** Route schemas → OpenAPI, with references to the named schemas. */
export const openApiTransform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = createJsonSchemaTransform({
  schemaRegistry: openApiSchemas,
})
/** Adds the named schemas to the document's components. */
export const openApiTransformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> =
  createJsonSchemaTransformObject({
    schemaRegistry: openApiSchemas,
    // The document is OpenAPI 3.0 (nullable, not type null), like the routes' own schemas.
    zodToJsonConfig: { target: 'openapi-3.0' },
  })
