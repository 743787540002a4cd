export interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
  /** The moment has come (or passed). */
  done: boolean
}

/** What is left until `targetMs`, in whole seconds rounded up (it reads 0:00:01 until the last second ends). */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.ceil((targetMs - nowMs) / 1000))
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  }
}

/** "03:04:05": the clock part of a countdown (the days are said in words beside it). */
export function countdownClock(parts: Pick<CountdownParts, 'hours' | 'minutes' | 'seconds'>): string {
  return [parts.hours, parts.minutes, parts.seconds].map((n) => String(n).padStart(2, '0')).join(':')
}
