import path from 'node:path'
import { LocalMediaStore } from './local-store.js'
import type { MediaStore } from './media-store.js'
import { parseS3Url, S3MediaStore } from './s3-store.js'

export * from './local-store.js'
export * from './media-store.js'
export * from './s3-store.js'

/**
 * The store a deployment configured: `MEDIA_STORE=s3://bucket/prefix` (with `S3_ENDPOINT`, `S3_REGION`,
 * credentials from the SDK's chain) or, by default, the local folder `DATA_DIR/media`.
 */
export function createMediaStore(config: {
  mediaDir: string
  MEDIA_STORE?: string | undefined
  S3_ENDPOINT?: string | undefined
  S3_REGION?: string | undefined
}): MediaStore {
  const s3 = config.MEDIA_STORE ? parseS3Url(config.MEDIA_STORE) : null
  if (!s3) return new LocalMediaStore(config.mediaDir)
  return new S3MediaStore({
    ...s3,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    tmpRoot: path.join(config.mediaDir, 'tmp'),
  })
}
