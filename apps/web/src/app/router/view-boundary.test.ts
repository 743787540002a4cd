import type { Location } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LocationErrorBoundary } from './view-boundary'

const at = (key: string): Location => ({ key, pathname: '/', search: '', hash: '', state: null })

describe('LocationErrorBoundary', () => {
  it('keeps a view’s error on its location and clears it on the next one', () => {
    const here = at('a')
    const error = new Error('chunk')
    expect(LocationErrorBoundary.getDerivedStateFromError(error)).toEqual({ error })
    const failed = { location: here, error }
    expect(LocationErrorBoundary.getDerivedStateFromProps({ location: here, children: null }, failed)).toBeNull()
    const next = at('b')
    expect(LocationErrorBoundary.getDerivedStateFromProps({ location: next, children: null }, failed)).toEqual({
      error: null,
      location: next,
    })
  })
})
