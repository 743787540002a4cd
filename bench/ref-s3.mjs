import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { freePort, root } from './lib.mjs'

/**
 * An S3-compatible server on loopback (s3rver, in its own process so its CPU is not the load
 * generator's) holding a copy of the asset folder that `segmentFile` belongs to, under the keys the
 * product's S3 store uses. Returns the environment that points a product at it.
 */
export async function startS3Copy(dataDir, segmentFile) {
  const port = await freePort()
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-s3-'))
  const bin = path.join(root, 'node_modules/s3rver/bin/s3rver.js')
  const child = spawn(
    process.execPath,
    [bin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', 'bench'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
  const media = path.join(dataDir, 'media')
  const assetDir = path.join(media, 'assets', path.relative(path.join(media, 'assets'), segmentFile).split(path.sep)[0])
  for (let i = 0; ; i++) {
    try {
      // An empty body with its length said: the SDK warns of a stream of unknown length otherwise.
      await client.send(new PutObjectCommand({ Bucket: 'bench', Key: 'probe', Body: '', ContentLength: 0 }))
      break
    } catch (error) {
      if (i > 100) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  for (const entry of fs.readdirSync(assetDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const key = `media/${path.relative(media, file).split(path.sep).join('/')}`
    await client.send(new PutObjectCommand({ Bucket: 'bench', Key: key, Body: fs.readFileSync(file) }))
  }
  return {
    env: {
      MEDIA_STORE: 's3://bench/media',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
