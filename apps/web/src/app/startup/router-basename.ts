/** `/league/` or `league` → `/league`; an empty base path means the site root. */
export function routerBasename(basePath: string): string {
  const trimmed = basePath.trim().replace(/^\/*/, '/').replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** Whether `pathname` is the home page (`/`) below the router's `basename`. */
export function isHomePath(pathname: string, basename: string): boolean {
  const base = basename.replace(/\/+$/, '')
  return pathname === base || pathname === `${base}/`
}
