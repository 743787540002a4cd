import { Resolver } from 'node:dns/promises'

/** What a TXT look-up found: the name's strings, no record at all, or no answer from the DNS. */
export type TxtAnswer = { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'unanswered'; code: string }

/** Looks up the TXT records of a DNS name (a dependency of the domains service: tests give it a loopback server). */
export type TxtLookup = (name: string) => Promise<TxtAnswer>

/** The resolver's codes for "the name, or its TXT records, do not exist" (the rest: the DNS did not answer). */
const absent = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'NOTFOUND', 'ENONAME'])

/**
 * TXT look-ups at `servers` (the system's resolvers when none), each bounded: `timeoutMs` per try, two
 * tries (decision 0041). A record's strings are joined, as RFC 7208 reads a TXT record split in chunks.
 */
export function dnsTxtLookup(options: { servers: readonly string[]; timeoutMs: number }): TxtLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 })
  if (options.servers.length) resolver.setServers([...options.servers])
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name)
      return { kind: 'records', values: records.map((chunks) => chunks.join('')) }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN'
      return absent.has(code) ? { kind: 'none' } : { kind: 'unanswered', code }
    }
  }
}
