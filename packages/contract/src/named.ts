/**
 * The `as const` enums' building block: `named('a', 'b')` is `{ a: 'a', b: 'b' }`, each value its own
 * name, in the order given.
 */
export const named = <const K extends string>(...names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, name])) as { readonly [N in K]: N }
