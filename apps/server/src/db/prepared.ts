import type { Compilable, CompiledQuery, Kysely } from 'kysely'

/**
 * A query built and compiled once, then run with new values: for the few queries every request
 * makes (an api key's session), where building and compiling the query with Kysely costs more than
 * running it. `db` is asked at the first run (a class field may name a constructor parameter).
 * `build` is called once, with `placeholders` as its arguments; each placeholder must appear exactly
 * once among the compiled parameters (every value is a bound parameter, never SQL text), or the first
 * run throws. A run puts the real values in the placeholders' places.
 */
export function preparedQuery<Row, Args extends readonly unknown[]>(
  db: () => Kysely<unknown>,
  placeholders: Args,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | null = null
  let slots: number[] = []
  return async (...args: Args) => {
    if (!compiled) {
      const made = build(...placeholders).compile()
      slots = placeholders.map((p) => {
        const at = made.parameters.indexOf(p)
        if (at < 0 || made.parameters.lastIndexOf(p) !== at) throw new Error(`preparedQuery: placeholder ${String(p)}`)
        return at
      })
      compiled = made
    }
    const parameters = [...compiled.parameters]
    for (let i = 0; i < slots.length; i++) parameters[slots[i] as number] = args[i]
    return (await db().executeQuery<Row>({ ...compiled, parameters })).rows
  }
}
