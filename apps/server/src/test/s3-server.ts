import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/**
 * A real S3-compatible server on loopback (s3rver: the S3 REST protocol over HTTP, objects in a temp
 * folder), started by the test that needs it. Its default credentials are S3RVER/S3RVER.
 */
export interface LoopbackS3 {
  endpoint: string
  bucket: string
  /** The environment that points the app at it: MEDIA_STORE, S3_ENDPOINT, S3_REGION and credentials. */
  env: Record<string, string>
  credentials: { accessKeyId: string; secretAccessKey: string }
  close(): Promise<void>
}

export async function startLoopbackS3(bucket = 'fieldhouse-media'): Promise<LoopbackS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  // The app takes credentials from the SDK's usual chain, whose first link is the environment.
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey
  return {
    endpoint,
    bucket,
    credentials,
    env: {
      MEDIA_STORE: `s3://${bucket}/media`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
