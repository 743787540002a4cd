import { useEffect, useState } from 'react'
import { useConsoleText } from '../words'

/**
 * The otpauth link as a QR code an authenticator app scans: an SVG drawn by `qrcode`, loaded only when
 * the set-up step shows (a dynamic import: the console's own chunks stay within their budget). Until it
 * is drawn, or if it cannot be, nothing shows; the set-up link and the key beside it still work.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const t = useConsoleText()
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    setSrc(null)
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: its functions are on the default export when bundled.
        const qr = mod.default ?? mod
        return qr.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
      })
      .catch(() => {
        if (live) setSrc(null)
      })
    return () => {
      live = false
    }
  }, [uri])
  if (!src) return null
  return (
    <img
      className="console-totp-qr"
      src={src}
      width={200}
      height={200}
      alt={t('signIn.qrCode')}
      data-testid="totp-qr"
    />
  )
}
