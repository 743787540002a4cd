/** A value the API accepts in a query string (spec §7: arrays as `key[]=value`, objects as `a[b]=c`). */
export type QueryValue = string | number | boolean | null | undefined | readonly QueryValue[] | QueryObject
export interface QueryObject {
  readonly [key: string]: QueryValue
}

// Brackets stay readable in keys; the server's query parser reads them either way.
const encodeKey = (key: string) => encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']')

/** Flattens a query object into `key=value` pairs; null and undefined are left out, booleans become 1 and 0. */
export function queryPairs(query: QueryObject): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  const add = (key: string, value: QueryValue) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item)
      return
    }
    if (typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value as QueryObject)) add(`${key}[${childKey}]`, child)
      return
    }
    if (typeof value === 'boolean') {
      pairs.push([key, value ? '1' : '0'])
      return
    }
    pairs.push([key, String(value)])
  }
  for (const [key, value] of Object.entries(query)) add(key, value)
  return pairs
}

export function serializeQuery(query: QueryObject): string {
  return queryPairs(query)
    .map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`)
    .join('&')
}
