import { createContext, type ReactNode, useContext } from 'react'
import type { ApiClient, ApiKeySource } from './api-client'

const ApiClientContext = createContext<ApiClient | null>(null)
const ApiKeysContext = createContext<ApiKeySource | null>(null)

export function ApiClientProvider({
  client,
  keys,
  children,
}: {
  client: ApiClient
  /** The key provider: logout and account deletion fetch a new anonymous key through it (spec §4). */
  keys: ApiKeySource
  children: ReactNode
}) {
  return (
    <ApiClientContext.Provider value={client}>
      <ApiKeysContext.Provider value={keys}>{children}</ApiKeysContext.Provider>
    </ApiClientContext.Provider>
  )
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext)
  if (!client) throw new Error('useApiClient needs an ApiClientProvider above it')
  return client
}

export function useApiKeys(): ApiKeySource {
  const keys = useContext(ApiKeysContext)
  if (!keys) throw new Error('useApiKeys needs an ApiClientProvider above it')
  return keys
}
