import { useCallback, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The queries asked for and not yet drawn, oldest first. The router draws an address change in a
 * transition, a moment after it is asked for; a control used in that moment must build on what was
 * asked, not on what is still on the screen, or it undoes the change before it (a sport chosen, then
 * "List" pressed before the sport's list is drawn, would lose the sport).
 */
export class PendingQueries {
  private queue: string[] = []
  /** The query drawn while the queue's first change was on its way. */
  private drawnBefore = ''

  /** What the next change builds on, given the query the page last drew. */
  base(drawn: string): string {
    const seen = this.queue.indexOf(drawn)
    if (seen >= 0) {
      this.queue = this.queue.slice(seen + 1)
      this.drawnBefore = drawn
    } else if (drawn !== this.drawnBefore) {
      // Neither the address before the changes nor one of them: it moved by other means (Back, a link),
      // and that wins over what was still on its way.
      this.queue = []
      this.drawnBefore = drawn
    }
    return this.queue.at(-1) ?? drawn
  }

  asked(query: string) {
    this.queue.push(query)
  }
}

export type QueryChange = (query: URLSearchParams) => URLSearchParams

/**
 * The address's query, and `change`, which replaces it (no new history entry, the scroll kept) with
 * what `next` makes of the latest query asked for: changes made in quick succession all hold.
 */
export function useQueryChanges(): [URLSearchParams, (next: QueryChange) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const pending = useRef<PendingQueries | null>(null)
  pending.current ??= new PendingQueries()
  const change = useCallback(
    (next: QueryChange) => {
      const queries = pending.current as PendingQueries
      const query = next(new URLSearchParams(queries.base(searchParams.toString())))
      queries.asked(query.toString())
      setSearchParams(query, { replace: true, preventScrollReset: true })
    },
    [searchParams, setSearchParams],
  )
  return [searchParams, change]
}
