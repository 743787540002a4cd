import { useEffect, useRef } from 'react'
import { useLocation, useParams } from 'react-router'
import { pageToRemember } from '../../lib/navigation/remember-page'
import { useAppStore } from '../../lib/store/app-store'

/**
 * Spec §2 navigation rules: every page but the auth pages saves itself as the last page, together with
 * the full URL the viewer came from (login and registration lead back there).
 */
export function useRememberPages() {
  const location = useLocation()
  // The whole match's parameters: React Router gives every route of a match the same ones.
  const params = useParams()
  const rememberPage = useAppStore((state) => state.rememberPage)
  // On the first page of a visit the previous URL is the referring page, when it is one of ours.
  const previousUrl = useRef<string | null>(sameOriginReferrer())
  const handledHref = useRef<string | null>(null)

  // Runs once per navigation (the location object changes) and writes to the persisted store.
  // biome-ignore lint/correctness/useExhaustiveDependencies: params belong to this location
  useEffect(() => {
    const href = window.location.href
    // Strict mode runs effects twice; one visit of a URL is one navigation.
    if (handledHref.current === href) return
    handledHref.current = href
    const page = pageToRemember(location, params)
    if (page) rememberPage(page, previousUrl.current)
    previousUrl.current = href
  }, [location, rememberPage])
}

function sameOriginReferrer(): string | null {
  try {
    return document.referrer && new URL(document.referrer).origin === window.location.origin ? document.referrer : null
  } catch {
    return null
  }
}
