import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router'

/** Where the positions outlive a reload: React Router's own `<ScrollRestoration>` key. */
const storageKey = 'react-router-scroll-positions'

/** What a navigation does to the scroll position; null leaves it where it is. */
export function scrollTarget(
  action: `${NavigationType}`,
  location: Pick<Location, 'key' | 'pathname' | 'hash'>,
  previousPathname: string | null,
  saved: Record<string, number>,
): { top: number } | { hash: string } | null {
  // Back, forward and a reload go where the viewer was on that entry.
  if (action === 'POP' && location.key in saved) return { top: saved[location.key] as number }
  if (location.hash.length > 1) return { hash: location.hash.slice(1) }
  // A new query on the same page (the filters, `query-changes.ts`) keeps the place, as
  // `preventScrollReset` did; a new entry or another page starts at the top.
  if (action === 'REPLACE' && location.pathname === previousPathname) return null
  if (action === 'POP' && previousPathname === null) return null
  return { top: 0 }
}

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Spec §2's pages open at their top and come back where they were, as React Router's
 * `<ScrollRestoration>` does for its data router (issue 32: the start has React Router's declarative
 * core only). Each entry's last position is kept by its history key, across a reload too.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const action = useNavigationType()
  // Read once; the one object is kept up to date and written back when the page is left.
  const [positions] = useState(readSaved)
  const current = useRef<{ key: string; pathname: string } | null>(null)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const remember = () => {
      if (current.current) positions[current.current.key] = window.scrollY
    }
    const persist = () => {
      remember()
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions))
      } catch {}
      window.history.scrollRestoration = 'auto'
    }
    window.addEventListener('scroll', remember, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('scroll', remember)
      window.removeEventListener('pagehide', persist)
      window.history.scrollRestoration = 'auto'
    }
  }, [positions])

  useLayoutEffect(() => {
    const previous = current.current
    if (previous?.key === location.key) return
    current.current = { key: location.key, pathname: location.pathname }
    const target = scrollTarget(action, location, previous?.pathname ?? null, positions)
    if (!target) return
    if ('top' in target) window.scrollTo(0, target.top)
    else {
      const element = document.getElementById(decodeURIComponent(target.hash))
      if (element) element.scrollIntoView()
      else window.scrollTo(0, 0)
    }
  }, [location, action, positions])
  return null
}
