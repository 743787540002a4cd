// Some registries (mirrors) serve only the platform packages of the machines they mirror for, so npm
// leaves the other platforms' optional binaries (@biomejs/cli-*, @rollup/rollup-*, @esbuild/*) out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds a stub entry for
// each optional dependency the lock names but lacks; npm skips them on other platforms (their os/cpu do
// not match, or their install is optional and may fail). Run after `npm install` changes the lock.
import fs from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const platform = (name) => {
  const parts = name.split('/').pop().split('-')
  const os = [
    'android',
    'darwin',
    'freebsd',
    'linux',
    'openbsd',
    'openharmony',
    'sunos',
    'win32',
    'netbsd',
    'aix',
    'cygwin',
  ].find((o) => parts.includes(o))
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64', 'mips64el', 'wasm32'].find(
    (c) => parts.includes(c) || parts.some((p) => p.startsWith(c)),
  )
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.some((p) => p.startsWith('gnu'))
        ? 'glibc'
        : undefined
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) }
}
let added = 0
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/${dep}` : `node_modules/${dep}`
    const existing = lock.packages[base] ?? lock.packages[`node_modules/${dep}`]
    if (existing && !existing.optional) continue
    if (existing?.integrity) continue
    // The fields in the order npm writes them (version, then the rest by name), so that a later
    // `npm install` leaves the lock as it is.
    const fields = { ...(entry.dev ? { dev: true } : {}), optional: true, ...platform(dep) }
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))),
    }
    added++
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
lock.packages = sorted
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: ${added} optional platform entries added`)
