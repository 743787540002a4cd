import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

/**
 * A DNS server on loopback speaking the protocol over UDP (packets encoded by `dns-packet`): the
 * stand-in for a domain's DNS in tests of domain verification (decision 0041). It answers the TXT
 * records set in `txt` (or, when given, those `records` answers at each query: a journey's file),
 * SERVFAIL for the names in `failing`, and NXDOMAIN for any other name.
 */
export interface DnsServer {
  /** `127.0.0.1:port`, for DOMAIN_DNS_SERVERS. */
  address: string
  /** Name (lower case, no trailing dot) → the TXT strings it holds. */
  txt: Map<string, string[]>
  /** Names the server fails on (SERVFAIL): a DNS that does not answer. */
  failing: Set<string>
  /** Every name asked, in order. */
  asked: string[]
  close(): Promise<void>
}

const NXDOMAIN = 3
const SERVFAIL = 2

export async function startDnsServer(
  options: { records?: (name: string) => string[] | undefined } = {},
): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4')
  const txt = new Map<string, string[]>()
  const failing = new Set<string>()
  const asked: string[] = []
  socket.on('message', (message, peer) => {
    let query: dnsPacket.DecodedPacket
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    if (!question) return
    const name = question.name.toLowerCase().replace(/\.$/, '')
    asked.push(name)
    const values = question.type === 'TXT' ? (options.records?.(name) ?? txt.get(name)) : undefined
    const rcode = failing.has(name) ? SERVFAIL : values ? 0 : NXDOMAIN
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | rcode,
      questions: [question],
      answers:
        rcode === 0 && values
          ? values.map((value) => ({ type: 'TXT' as const, name: question.name, ttl: 0, data: value }))
          : [],
    })
    socket.send(answer, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    address: `127.0.0.1:${port}`,
    txt,
    failing,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
