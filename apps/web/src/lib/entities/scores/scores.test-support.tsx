import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import i18next, { type Resource } from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import type { ApiClient, ApiKeySource } from '../../api/api-client'
import { ApiClientProvider } from '../../api/api-context'

/**
 * Draws a piece that shows scores to HTML, the way a page has it: a query cache (seeded with what the
 * test gives), an api client that must not be called (the hooks read the seeded cache), and i18next in
 * `lng` with `resources`. For the tests of the score line, the score bug and the spoiler-free hooks.
 */
export async function drawScores(
  node: ReactNode,
  {
    lng = 'en',
    resources = {},
    seed = [],
  }: { lng?: string; resources?: Resource; seed?: ReadonlyArray<readonly [readonly unknown[], unknown]> } = {},
): Promise<string> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } })
  const queryClient = new QueryClient()
  for (const [key, data] of seed) queryClient.setQueryData(key, data)
  const refuse = () => {
    throw new Error('no request in this test')
  }
  const api = { request: refuse, get: refuse, post: refuse, delete: refuse } as ApiClient
  const keys: ApiKeySource = {
    getApiKey: () => 'key',
    getChannelKey: () => 'channel',
    clearApiKey: () => {},
    clearChannelKey: () => {},
    refreshApiKey: async () => 'key',
  }
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api} keys={keys}>
        <I18nextProvider i18n={instance}>{node}</I18nextProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '')
}
