import { constants } from '@fieldhouse/contract'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

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

/**
 * One component of a lazily loaded view chunk (spec §2). The chunk gets the spec's chunk load timeout
 * (spec §9); a failure reaches the route's error element, which offers a reload.
 */
// React's own `lazy` takes ComponentType<any>; the props stay typed through M[K].
type AnyComponent = ComponentType<any>

export function lazyView<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  timeoutMs: number = constants.chunkLoadTimeoutMs,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await withTimeout(load(), timeoutMs))[name] }))
}
