/**
 * The product analytics outbox: records wait here until the service has taken them. Records that come
 * together go together (one batch per `flushDelayMs`, at most `maxBatch`); a batch the service did not
 * take goes back to the front and is tried again after a growing pause (1 s, 2 s, 4 s … `maxBackoffMs`).
 * Every record carries its own id, made when it was recorded, so a batch sent twice (an answer lost on
 * the way back, a beacon after a fetch still in flight) is counted once by the service.
 *
 * On page hide what is left (in flight included) goes by `beacon` (`navigator.sendBeacon`): the browser
 * sends it after the page is gone. Nothing here ever throws at the page or waits on it.
 */

/** Thrown by `send` for an answer that will not change by asking again (a 4xx other than 408 and 429). */
export class RefusedBatchError extends Error {
  override name = 'RefusedBatchError'
}

export interface SendQueueOptions<R> {
  /** Delivers one batch; resolves once the service has acknowledged it, rejects otherwise. */
  send(batch: R[]): Promise<void>
  /** Hands a batch to the browser for after the page is gone; false when it would not take it. */
  beacon(batch: R[]): boolean
  maxBatch?: number
  flushDelayMs?: number
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** Oldest records are dropped past this many (the service down for long on a long-open page). */
  maxPending?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export interface SendQueue<R> {
  push(record: R): void
  /** Sends now what is pending (not waiting for the batch window). */
  flush(): Promise<void>
  /** The page is going away: everything not yet acknowledged goes by beacon. */
  pageHidden(): void
  /** Records not yet acknowledged (in flight included). */
  readonly pending: number
}

export function createSendQueue<R>(options: SendQueueOptions<R>): SendQueue<R> {
  const {
    send,
    beacon,
    maxBatch = 50,
    flushDelayMs = 1000,
    baseBackoffMs = 1000,
    maxBackoffMs = 60_000,
    maxPending = 1000,
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  } = options
  let queue: R[] = []
  let inFlight: R[] | null = null
  let timer: unknown = null
  let failures = 0

  const schedule = (ms: number) => {
    if (timer !== null) return
    timer = setTimer(() => {
      timer = null
      void flush()
    }, ms)
  }
  const cancelTimer = () => {
    if (timer === null) return
    clearTimer(timer)
    timer = null
  }

  async function flush(): Promise<void> {
    if (inFlight || queue.length === 0) return
    cancelTimer()
    const batch = queue.slice(0, maxBatch)
    queue = queue.slice(batch.length)
    inFlight = batch
    try {
      await send(batch)
      failures = 0
    } catch (error) {
      if (!(error instanceof RefusedBatchError) && inFlight === batch) {
        // Back to the front, in order, to be tried again after a pause.
        queue = [...batch, ...queue]
        trim()
        failures += 1
        inFlight = null
        schedule(Math.min(maxBackoffMs, baseBackoffMs * 2 ** (failures - 1)))
        return
      }
    }
    if (inFlight === batch) inFlight = null
    if (queue.length > 0) schedule(queue.length >= maxBatch ? 0 : flushDelayMs)
  }

  const trim = () => {
    if (queue.length > maxPending) queue = queue.slice(queue.length - maxPending)
  }

  return {
    push(record) {
      queue.push(record)
      trim()
      // While backing off, the pause stands; otherwise a full batch goes at once, else after the window.
      if (failures > 0) return
      if (queue.length >= maxBatch) {
        cancelTimer()
        schedule(0)
      } else schedule(flushDelayMs)
    },
    flush,
    pageHidden() {
      const all = [...(inFlight ?? []), ...queue]
      if (all.length === 0) return
      const left: R[] = []
      for (let i = 0; i < all.length; i += maxBatch) {
        const batch = all.slice(i, i + maxBatch)
        if (!beacon(batch)) left.push(...batch)
      }
      // The beacon has them (the page may come back from the back/forward cache: nothing is sent twice
      // as far as counting goes, the ids see to that). What it refused waits for the next chance.
      cancelTimer()
      inFlight = null
      queue = left
      if (left.length > 0) schedule(flushDelayMs)
    },
    get pending() {
      return queue.length + (inFlight?.length ?? 0)
    },
  }
}

/** A signal that aborts after `ms` (spec §9: 30 s for every analytics request); `done` when answered. */
export function timeoutSignal(
  ms: number,
  setTimer: (fn: () => void, ms: number) => unknown = (fn, t) => setTimeout(fn, t),
  clearTimer: (handle: unknown) => void = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
) {
  const controller = new AbortController()
  const handle = setTimer(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms)
  return { signal: controller.signal, done: () => clearTimer(handle) }
}
