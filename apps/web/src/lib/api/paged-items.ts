/** Every item of a list's pages loaded so far, and how many the list has in all (as its last page says). */
export function pagedItems<T>(pages: readonly { data: readonly T[]; meta: { total: number } }[]) {
  const items = pages.flatMap((page) => page.data)
  return { items, total: pages.at(-1)?.meta.total ?? items.length }
}
