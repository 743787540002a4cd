import { useEffect, useState } from 'react'

/** Whole seconds left of a countdown that starts when the component mounts. */
export function useCountdown(seconds: number): number {
  const [startedAt] = useState(() => Date.now())
  const [now, setNow] = useState(startedAt)
  const remaining = Math.max(0, Math.ceil(seconds - (now - startedAt) / 1000))
  const isRunning = remaining > 0

  // A ticking clock is outside React; the interval only runs while there is something left to count.
  useEffect(() => {
    if (!isRunning) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [isRunning])

  return remaining
}
