import { ListMetaSchema } from '@fieldhouse/contract'

/** The paging a list answer may carry; absent means everything came at once. */
export const OptionalMetaSchema = ListMetaSchema.optional()
