import type { RuntimeConfig } from '@fieldhouse/contract'
import { createContext, type ReactNode, useContext } from 'react'

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null)

/** The deployment's runtime config (`/runtime-config.json`), for views that depend on it. */
export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext)
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider above it')
  return config
}
