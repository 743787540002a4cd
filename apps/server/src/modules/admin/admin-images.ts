import { createHash } from 'node:crypto'
import { AdminImageLimits } from '@fieldhouse/contract'
import { AppError, invalid } from '../../lib/errors.js'
import type { MediaStore } from '../../lib/media-store/media-store.js'
import type { AuditRecord } from './audit.repository.js'
import type { Operator } from './operators.service.js'

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const
export type ImageType = keyof typeof EXT

/** What the bytes are, by their first bytes (the declared type must match: no HTML as a "PNG"). */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp'
  return null
}

const FILE = /^([0-9a-f]{32})\.(png|jpg|webp)$/

/**
 * Images operators upload (logos, team and school images, slides): checked by their bytes, stored in the
 * media store under `images/{channel}/{sha256}.{ext}` (the same bytes once), served publicly and for
 * ever (`/media/i/{channel}/{file}`: the name is the content).
 */
export class AdminImages {
  constructor(
    private readonly d: {
      store: () => MediaStore
      audit: (record: AuditRecord) => Promise<void>
      clock: () => number
    },
  ) {}

  async save(op: Operator, declared: string | undefined, bytes: Buffer) {
    if (!bytes.length) throw invalid({ file: ['Choose an image'] })
    if (bytes.length > AdminImageLimits.maxBytes) throw new AppError(413, 'The image is larger than 5 MB.')
    const type = sniffImage(bytes)
    if (!type || type !== declared) throw invalid({ file: ['Use a PNG, JPEG or WebP image'] })
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXT[type]}`
    await this.d.store().put(`images/${op.channelId}/${name}`, { bytes })
    const url = `/media/i/${op.channelId}/${name}`
    await this.d.audit({
      channel_id: op.channelId,
      user_id: op.userId,
      user_email: op.email,
      resource: 'uploads',
      resource_id: name,
      action: 'create',
      after: { url, type, bytes: bytes.length },
      created_at: this.d.clock(),
    })
    return { url }
  }

  /** The image's bytes and type, or null (a name that is not one of ours is not looked up). */
  async read(channel: string, file: string) {
    const match = FILE.exec(file)
    if (!/^[1-9][0-9]{0,9}$/.test(channel) || !match) return null
    const bytes = await this.d.store().readBytes(`images/${channel}/${file}`)
    if (!bytes) return null
    const type = (Object.entries(EXT).find(([, ext]) => ext === match[2])?.[0] ?? 'image/png') as ImageType
    return { bytes, type }
  }
}
