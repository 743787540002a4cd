import type { EventCategory } from '@fieldhouse/contract'

/**
 * Finding schools, teams and sports the way filter links name them (spec §2: "alias or name"): the
 * alias first, then the name, both without regard to case. An id in digits is accepted too, as the API does.
 */
export function findByAliasOrName<T extends { id: number; alias: string; name: string }>(
  items: readonly T[] | undefined,
  token: string | null | undefined,
): T | undefined {
  const wanted = token?.trim().toLowerCase()
  if (!items || !wanted) return undefined
  return (
    items.find((item) => item.alias.toLowerCase() === wanted) ??
    items.find((item) => item.name.toLowerCase() === wanted) ??
    (/^\d+$/.test(wanted) ? items.find((item) => item.id === Number(wanted)) : undefined)
  )
}

/** Every category of the tree with its top-level ancestor (the sport), parents before children. */
export function flattenCategories(
  tree: readonly EventCategory[],
): Array<{ category: EventCategory; sport: EventCategory; depth: number }> {
  const out: Array<{ category: EventCategory; sport: EventCategory; depth: number }> = []
  const walk = (nodes: readonly EventCategory[], sport: EventCategory | null, depth: number) => {
    for (const node of nodes) {
      const top = sport ?? node
      out.push({ category: node, sport: top, depth })
      walk(node.children, top, depth + 1)
    }
  }
  walk(tree, null, 0)
  return out
}

/** The sport (top-level category) a category belongs to, itself when it is one. */
export function sportOf(categoryId: number | null | undefined, tree: readonly EventCategory[]): EventCategory | null {
  if (categoryId === null || categoryId === undefined) return null
  return flattenCategories(tree).find((entry) => entry.category.id === categoryId)?.sport ?? null
}

/** Teams carry their gender as M or W (spec §3); filters speak men and women. */
export function genderWord(value: string | null | undefined): 'men' | 'women' | null {
  if (!value) return null
  if (/^(m|men)$/i.test(value)) return 'men'
  if (/^(w|women)$/i.test(value)) return 'women'
  return null
}

/** The gender every one of these teams plays in, or null when they differ or say nothing. */
export function sharedGender(participants: readonly { properties: Record<string, string> }[]): 'men' | 'women' | null {
  const genders = new Set(participants.map((p) => genderWord(p.properties.gender)))
  if (genders.size !== 1) return null
  return [...genders][0] ?? null
}

/** Distinct non-empty values, sorted the way people read them. */
export function distinctSorted(values: Iterable<string | null | undefined>, locale?: string): string[] {
  const set = new Set<string>()
  for (const value of values) if (value?.trim()) set.add(value.trim())
  return [...set].sort((a, b) => a.localeCompare(b, locale))
}
