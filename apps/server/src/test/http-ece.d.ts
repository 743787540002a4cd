/** The parts of http_ece (no types of its own) the push-service stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm'
    /** The receiver's key pair (decrypt) or the sender's (encrypt). */
    privateKey?: ECDH
    /** The other side's public key: needed to encrypt; read from the record header to decrypt aes128gcm. */
    dh?: string | Buffer
    /** The subscription's auth secret, base64url or raw. */
    authSecret?: string | Buffer
    keyid?: string | Buffer
    salt?: string | Buffer
    rs?: number
  }
  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer
    encrypt(buffer: Buffer, params: EceParams): Buffer
  }
  export default ece
}
