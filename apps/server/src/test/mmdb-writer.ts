/**
 * Writes a MaxMind DB (MMDB v2) file, so geo tests run the real `maxmind` reader on a database the
 * test builds itself (https://maxmind.github.io/MaxMind-DB/): an IPv4 search tree of 24-bit records,
 * the data section, and the metadata.
 */
type Value = string | number | bigint | Value[] | { [key: string]: Value }

function control(type: number, size: number): Buffer {
  const extended = type > 7
  const first = ((extended ? 0 : type) << 5) | (size < 29 ? size : size < 285 ? 29 : 30)
  const parts = [first]
  if (extended) parts.push(type - 7)
  if (size >= 29 && size < 285) parts.push(size - 29)
  else if (size >= 285) parts.push(((size - 285) >> 8) & 0xff, (size - 285) & 0xff)
  return Buffer.from(parts)
}

const uintBytes = (n: bigint) => {
  const bytes: number[] = []
  for (let v = n; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn))
  return Buffer.from(bytes)
}

/** Encodes a value: strings, unsigned integers (uint32, or uint64 as bigint), arrays and maps. */
export function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([control(2, bytes.length), bytes])
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    const bytes = uintBytes(BigInt(value))
    return Buffer.concat([control(typeof value === 'bigint' ? 9 : 6, bytes.length), bytes])
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)])
  const entries = Object.entries(value)
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])])
}

interface Node {
  children: [Node | number | null, Node | number | null]
}

/** `networks`: [cidr, record] pairs such as ['81.2.69.0/24', { country: { iso_code: 'GB' } }]. */
export function buildMmdb(networks: [string, Value][], databaseType = 'Fieldhouse-Test-Country'): Buffer {
  // Data section: each distinct record once.
  const records: Buffer[] = []
  const offsets: number[] = []
  let size = 0
  for (const [, record] of networks) {
    const bytes = encode(record)
    offsets.push(size)
    records.push(bytes)
    size += bytes.length
  }
  // The tree: a binary trie over the address bits; leaves hold the index of their record.
  const root: Node = { children: [null, null] }
  networks.forEach(([cidr], index) => {
    const [address, bits] = cidr.split('/') as [string, string]
    const ip = address.split('.').reduce((acc, octet) => (acc << 8) | Number(octet), 0) >>> 0
    let node = root
    for (let i = 0; i < Number(bits); i++) {
      const bit = (ip >>> (31 - i)) & 1
      if (i === Number(bits) - 1) {
        node.children[bit] = -(index + 1)
      } else {
        let next = node.children[bit]
        if (typeof next !== 'object' || next === null) {
          next = { children: [null, null] }
          node.children[bit] = next
        }
        node = next
      }
    }
  })
  const nodes: Node[] = []
  const number = new Map<Node, number>()
  const visit = (n: Node) => {
    number.set(n, nodes.length)
    nodes.push(n)
    for (const c of n.children) if (c && typeof c === 'object') visit(c)
  }
  visit(root)
  const nodeCount = nodes.length
  const tree = Buffer.alloc(nodeCount * 6)
  nodes.forEach((n, i) => {
    n.children.forEach((child, side) => {
      let value: number
      if (child === null) value = nodeCount
      else if (typeof child === 'object') value = number.get(child) as number
      else value = nodeCount + 16 + (offsets[-child - 1] as number)
      tree.writeUIntBE(value, i * 6 + side * 3, 3)
    })
  })
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(Math.floor(Date.now() / 1000)),
    description: { en: 'Test database built by the Fieldhouse tests' },
  })
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...records,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ])
}
