import { constants } from '@fieldhouse/contract'
import { type ComponentProps, type ComponentType, createElement, lazy } from 'react'

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`A view took longer than ${ms} ms to load`)
    this.name = 'ChunkLoadTimeoutError'
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** A view's chunk, fetched once: by the first render of one of its views, or ahead of it (`load`). */
export interface ViewChunk<M> {
  load(): Promise<M>
  /** The module once it has arrived, else null. */
  loaded(): M | null
}

export function viewChunk<M>(importer: () => Promise<M>): ViewChunk<M> {
  let module: M | null = null
  let loading: Promise<M> | null = null
  return {
    load() {
      if (loading) return loading
      const current = importer().then((value) => {
        module = value
        return value
      })
      loading = current
      // A failed fetch is tried again by the next load (the route's error screen offers one).
      current.catch(() => {
        if (loading === current) loading = null
      })
      return current
    },
    loaded: () => module,
  }
}

// React's own `lazy` takes ComponentType<any>; the props stay typed through M[K].
type AnyComponent = ComponentType<any>

/**
 * One component of a lazily loaded view chunk (spec §2). The chunk gets the spec's chunk load timeout
 * (spec §9); a failure reaches the route's error element, which offers a reload. A chunk that is already
 * here (fetched ahead by the start, or by an earlier view) renders at once: suspending on it would show
 * the fallback, and React holds a fallback on screen for at least 300 ms.
 */
export function lazyView<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  chunk: ViewChunk<M>,
  name: K,
  timeoutMs: number = constants.chunkLoadTimeoutMs,
): ComponentType<ComponentProps<M[K]>> {
  const Lazy = lazy(async () => ({ default: (await withTimeout(chunk.load(), timeoutMs))[name] }))
  // biome-ignore lint/correctness/noComponentHookFactories: made once per view at module level, as React's own `lazy` is
  function View(props: ComponentProps<M[K]>) {
    const module = chunk.loaded()
    return createElement(module ? module[name] : Lazy, props)
  }
  View.displayName = `View(${name})`
  return View
}
