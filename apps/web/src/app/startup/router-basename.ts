/** `/league/` or `league` → `/league`; an empty base path means the site root. */
export function routerBasename(basePath: string): string {
  const trimmed = basePath.trim().replace(/^\/*/, '/').replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}
