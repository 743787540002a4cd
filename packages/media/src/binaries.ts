import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

type Env = Record<string, string | undefined>

const cache = new Map<string, string>()

/** True when `file` is a regular file this process may execute. */
function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Looks `name` up in the directories of `PATH` (as a shell would, but without starting one); null when
 * no directory holds an executable of that name.
 */
export function findOnPath(name: string, pathVar: string | undefined): string | null {
  if (!pathVar) return null
  const exts = process.platform === 'win32' ? ['.exe', ''] : ['']
  for (const dir of pathVar.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext)
      if (isExecutable(candidate)) return candidate
    }
  }
  return null
}

/** The binary shipped in an installer package (`@ffmpeg-installer/ffmpeg`…), or null on an unsupported platform. */
function fromInstaller(pkg: string): string | null {
  try {
    const require = createRequire(import.meta.url)
    const found = require(pkg) as { path?: unknown }
    return typeof found.path === 'string' && isExecutable(found.path) ? found.path : null
  } catch {
    // The installer packages throw on import when this platform's binary package is missing.
    return null
  }
}

function resolve(name: 'ffmpeg' | 'ffprobe', envVar: string, pkg: string, env: Env): string {
  const key = `${name}\0${env[envVar] ?? ''}\0${env.PATH ?? ''}`
  const cached = cache.get(key)
  if (cached) return cached
  const explicit = env[envVar]
  let found: string | null
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`${envVar} is set to ${explicit}, which is not an executable file`)
    found = explicit
  } else {
    found = findOnPath(name, env.PATH) ?? fromInstaller(pkg)
  }
  if (!found) throw new Error(`${name} not found: set ${envVar}, install ${name} on the PATH, or install ${pkg}`)
  cache.set(key, found)
  return found
}

/**
 * The ffmpeg to run (design §2): `FFMPEG_PATH` when set, else the system's ffmpeg found on `PATH`, else the
 * static binary shipped in `@ffmpeg-installer/ffmpeg`. The answer is cached per environment.
 */
export function resolveFfmpeg(env: Env = process.env): string {
  return resolve('ffmpeg', 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg', env)
}

/** The ffprobe to run: `FFPROBE_PATH`, else the system's on `PATH`, else `@ffprobe-installer/ffprobe`'s. Cached. */
export function resolveFfprobe(env: Env = process.env): string {
  return resolve('ffprobe', 'FFPROBE_PATH', '@ffprobe-installer/ffprobe', env)
}

/** Forgets the cached binary paths (tests, or after installing ffmpeg while running). */
export function clearBinaryCache(): void {
  cache.clear()
}

/** Whether `binary` is one of the static builds shipped in the installer packages. */
export function isInstallerBinary(binary: string): boolean {
  return /[\\/]@ff(mpeg|probe)-installer[\\/]/.test(binary)
}

/**
 * The environment to run a binary with. The static builds from the installer packages carry their own glibc,
 * whose iconv loads the system's gconv modules and crashes (ffprobe 5.x segfaults on every MPEG-TS file while
 * decoding DVB service names); pointing `GCONV_PATH` at a folder without modules makes iconv fail cleanly
 * instead. Other binaries, or an explicit `GCONV_PATH`, are left alone.
 */
export function binaryEnv(binary: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.GCONV_PATH !== undefined || !isInstallerBinary(binary)) return env
  return { ...env, GCONV_PATH: path.dirname(binary) }
}

/** The ffmpeg and ffprobe this process runs, their releases, and what a start-up log should warn of. */
export interface MediaTools {
  ffmpeg: { path: string; version: string }
  ffprobe: { path: string; version: string }
  warnings: string[]
}

/** The release a binary reports (`ffmpeg version 5.1.9-0+deb12u1 …` → `5.1.9-0+deb12u1`). */
function versionOf(binary: string): string {
  try {
    const out = execFileSync(binary, ['-version'], { env: binaryEnv(binary), timeout: 10_000, encoding: 'utf8' })
    return /version\s+(\S+)/.exec(out)?.[1] ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * Which ffmpeg and ffprobe run, for the start-up log: the installer packages' builds are a 2018
 * ffmpeg (4.1) beside a 2023 ffprobe, which guess formats differently and get no security fixes, so
 * falling back to them is warned of, as are two binaries of different releases.
 */
export function mediaTools(env: Env = process.env): MediaTools {
  const ffmpeg = resolveFfmpeg(env)
  const ffprobe = resolveFfprobe(env)
  const tools = {
    ffmpeg: { path: ffmpeg, version: versionOf(ffmpeg) },
    ffprobe: { path: ffprobe, version: versionOf(ffprobe) },
  }
  const warnings: string[] = []
  if (isInstallerBinary(ffmpeg) || isInstallerBinary(ffprobe)) {
    warnings.push(
      'ffmpeg or ffprobe is the build shipped in @ffmpeg-installer/@ffprobe-installer (ffmpeg 4.1 of 2018, no security fixes): install the system ffmpeg (Debian: apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH',
    )
  }
  const release = (v: string) => /^n?(\d+\.\d+)/.exec(v)?.[1] ?? v
  if (release(tools.ffmpeg.version) !== release(tools.ffprobe.version)) {
    warnings.push(
      `ffmpeg ${tools.ffmpeg.version} and ffprobe ${tools.ffprobe.version} are of different releases: they may read a file differently`,
    )
  }
  return { ...tools, warnings }
}

const bitstreamFilters = new Map<string, Promise<Set<string>>>()

/** Whether this process's ffmpeg has the bitstream filter `name` (`ffmpeg -bsfs`, asked once per binary). */
export function hasBitstreamFilter(name: string, env: Env = process.env): Promise<boolean> {
  const binary = resolveFfmpeg(env)
  let list = bitstreamFilters.get(binary)
  if (!list) {
    list = new Promise((resolve) => {
      try {
        const out = execFileSync(binary, ['-hide_banner', '-bsfs'], {
          env: binaryEnv(binary),
          timeout: 10_000,
          encoding: 'utf8',
        })
        resolve(new Set(out.split('\n').map((l) => l.trim())))
      } catch {
        resolve(new Set())
      }
    })
    bitstreamFilters.set(binary, list)
  }
  return list.then((names) => names.has(name))
}
