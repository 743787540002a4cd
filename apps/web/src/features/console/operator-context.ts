import type { AdminMe } from '@fieldhouse/contract'
import { createContext, useContext } from 'react'

export const OperatorContext = createContext<AdminMe | null>(null)

/** The signed-in operator; only pages inside the console's gate render. */
export function useOperator(): AdminMe {
  const me = useContext(OperatorContext)
  if (!me) throw new Error('useOperator needs the console gate above it')
  return me
}
