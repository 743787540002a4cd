import { Component, type ReactNode } from 'react'
import { type Location, useLocation } from 'react-router'
import { ViewError } from '../error-screens/view-error'

interface BoundaryProps {
  location: Location
  children: ReactNode
}

interface BoundaryState {
  error: unknown
  location: Location
}

/** React's error boundary, which only a class can be: cleared when the location changes. */
export class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A navigation renders the new location's views again, as React Router's own route boundary does.
    return props.location === state.location ? null : { error: null, location: props.location }
  }

  override render() {
    return this.state.error == null ? this.props.children : <ViewError error={this.state.error} />
  }
}

/**
 * A route's error screen (spec §9): a view whose chunk did not load in time, or that crashed, shows
 * `ViewError` in its place; the next navigation tries again. The routes are React Router's declarative
 * ones (issue 32: its data router is not in the start), whose routes have no `errorElement`.
 */
export function ViewBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary location={useLocation()}>{children}</LocationErrorBoundary>
}
