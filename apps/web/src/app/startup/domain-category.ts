import { navigableUrl } from '../../lib/navigation/safe-navigation'

/** What the domain-category check needs of an event category (the full schema arrives with the catalog). */
export interface CategoryRef {
  alias?: string | null
  children?: readonly CategoryRef[] | null
}

export interface DomainCategorySetting {
  alias: string | null
  fallback_url: string | null
}

const hasAlias = (categories: readonly CategoryRef[], alias: string): boolean =>
  categories.some((category) => category.alias === alias || hasAlias(category.children ?? [], alias))

/**
 * Spec §2: a channel served on a sport's own domain names that sport's alias; when the channel has no
 * such category, the viewer is sent to the configured fallback address. Returns that address, or null to stay
 * (also when the address is not an http(s) one or a path of the site: the browser never goes to `javascript:`).
 */
export function domainCategoryRedirect(
  setting: DomainCategorySetting | null | undefined,
  categories: readonly CategoryRef[] | null | undefined,
): string | null {
  const alias = setting?.alias?.trim()
  const fallbackUrl = setting?.fallback_url?.trim()
  if (!alias || !fallbackUrl) return null
  return hasAlias(categories ?? [], alias) ? null : navigableUrl(fallbackUrl)
}
