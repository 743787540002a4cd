/**
 * Adds each of `handlers` (event name → handler) to `target` and returns what removes them all again;
 * nothing to add or remove when there is no target (no document outside a browser).
 */
export function listen(target: EventTarget | null | undefined, handlers: Record<string, () => void>): () => void {
  if (!target) return () => {}
  const entries = Object.entries(handlers)
  for (const [name, handler] of entries) target.addEventListener(name, handler)
  return () => {
    for (const [name, handler] of entries) target.removeEventListener(name, handler)
  }
}
