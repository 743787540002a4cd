/**
 * Google reCAPTCHA's siteverify protocol (POST form fields `secret`, `response`, `remoteip`; JSON
 * answer with `success`). The URL is configurable so tests run the real protocol on loopback.
 */
export interface HumanCheck {
  verify(secret: string, token: string, remoteIp: string): Promise<boolean>
}

export function siteverify(url: string, timeoutMs = 5000): HumanCheck {
  return {
    async verify(secret, token, remoteIp) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!res.ok) return false
        const body = (await res.json()) as { success?: unknown; score?: unknown }
        // v3 answers a score; below 0.5 is treated as a robot, as Google suggests.
        return body.success === true && (typeof body.score !== 'number' || body.score >= 0.5)
      } catch {
        return false
      }
    },
  }
}
