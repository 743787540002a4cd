/**
 * A device as a viewer recognises it, from its browser's User-Agent: "Chrome on Windows", "Safari on
 * iPhone". Only the browser family and the system are read (no version), so the name stays short and
 * says nothing a stranger could use; an unknown agent is "Browser".
 */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const first = (table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(ua))?.[1]
  const browser =
    first([
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ]) ?? 'Browser'
  const system =
    first([
      [/iPhone/, 'iPhone'],
      [/iPad/, 'iPad'],
      [/Android/, 'Android'],
      [/CrOS/, 'ChromeOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ]) ?? null
  return system ? `${browser} on ${system}` : browser
}
