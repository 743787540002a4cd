/**
 * The sandbox ffmpeg and ffprobe run in when they read a file someone uploaded (docs/security.md,
 * "Uploads and ffmpeg"): bubblewrap (`bwrap`), with a new mount, PID, IPC, UTS and network namespace
 * each, in which the file system is the system's libraries read-only, the one input read-only and the
 * one work folder writable. No other file of the media folder (another channel's recordings, the
 * database, the secrets) exists for the process, whatever a demuxer would open, and it has no network.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { findOnPath } from './binaries.js'

/** `auto`: bwrap where it works, else none (and say so); `bwrap`: required; `off`: never. */
export type SandboxMode = 'auto' | 'bwrap' | 'off'

/** What a sandboxed run may see: files and folders read-only, folders writable. Absolute paths. */
export interface SandboxPaths {
  read: readonly string[]
  write: readonly string[]
}

/** How this process runs the binaries that read uploads: `bwrap` at its path, or `none` with why. */
export type SandboxState = { kind: 'bwrap'; bwrap: string } | { kind: 'none'; reason: string }

/** System folders the binaries need to start (their libraries, the loader's cache, alternatives). */
const SYSTEM_READ = ['/usr', '/lib', '/lib64', '/lib32', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/alternatives']

let state: SandboxState | null = null

/** The bind arguments that make `p` exist in the sandbox as it is outside: a symlink stays a symlink. */
function bind(flag: '--ro-bind' | '--bind', p: string): string[] {
  let stat: fs.Stats
  try {
    stat = fs.lstatSync(p)
  } catch {
    return []
  }
  if (stat.isSymbolicLink()) return ['--symlink', fs.readlinkSync(p), p]
  return [flag, p, p]
}

const inSystem = (file: string) => SYSTEM_READ.some((p) => file.startsWith(`${p}/`))

/**
 * The bubblewrap arguments that run `argv` with only `paths` (and the system's libraries) visible, an
 * empty environment but for `env`. A program of `programs` outside the system folders (the installer
 * packages' static builds) brings its own folder, read-only.
 */
export function bwrapArgs(
  bwrap: string,
  argv: readonly string[],
  paths: SandboxPaths,
  options: { programs?: readonly string[]; env?: Record<string, string | undefined> } = {},
): string[] {
  for (const p of [...paths.read, ...paths.write]) {
    if (!path.isAbsolute(p)) throw new Error(`sandbox paths must be absolute: ${p}`)
  }
  const own = (options.programs ?? [])
    .map((p) => path.dirname(fs.realpathSync(p)))
    .filter((dir, i, all) => !inSystem(`${dir}/`) && all.indexOf(dir) === i)
  const env = Object.entries({ PATH: '/usr/bin:/bin', ...options.env }).filter(
    (e): e is [string, string] => e[1] !== undefined,
  )
  return [
    bwrap,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...env.flatMap(([k, v]) => ['--setenv', k, v]),
    // The empty /tmp and /dev first: what is bound after them (a program, the input, the work folder)
    // may live under /tmp and must not be hidden by them.
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...SYSTEM_READ.flatMap((p) => bind('--ro-bind', p)),
    ...own.flatMap((dir) => ['--ro-bind', dir, dir]),
    ...paths.read.flatMap((p) => ['--ro-bind', p, p]),
    ...paths.write.flatMap((p) => ['--bind', p, p]),
    '--chdir',
    paths.write[0] ?? '/tmp',
    '--',
    ...argv,
  ]
}

/** Runs a trivial command in the sandbox: whether bwrap can make its namespaces on this machine. */
function bwrapWorks(bwrap: string): string | null {
  const trueCommand = findOnPath('true', '/usr/bin:/bin')
  if (!trueCommand) return 'no true(1) to try bwrap with'
  const argv = [trueCommand]
  const result = spawnSync(bwrap, bwrapArgs(bwrap, argv, { read: [], write: [] }).slice(1), {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10_000,
  })
  if (result.status === 0) return null
  return String(result.stderr ?? '').trim() || `exit ${result.status ?? result.signal}`
}

/**
 * Chooses the sandbox for this process (once, at start): `auto` takes bwrap when it is on the PATH
 * and can make its namespaces here, `bwrap` throws unless it can, `off` runs without one. Answers
 * what was chosen, for the start-up log.
 */
export function configureSandbox(mode: SandboxMode, env: Record<string, string | undefined> = process.env) {
  if (mode === 'off') {
    state = { kind: 'none', reason: 'MEDIA_SANDBOX=off' }
    return state
  }
  const bwrap = findOnPath('bwrap', env.PATH)
  const failure = bwrap ? bwrapWorks(bwrap) : 'bwrap is not installed (Debian: apt-get install bubblewrap)'
  if (bwrap && failure === null) {
    state = { kind: 'bwrap', bwrap }
  } else {
    if (mode === 'bwrap') throw new Error(`MEDIA_SANDBOX=bwrap, but ${failure}`)
    state = { kind: 'none', reason: failure ?? 'bwrap unavailable' }
  }
  return state
}

/** The sandbox chosen by `configureSandbox` (auto on first use when nothing chose). */
export function sandboxState(): SandboxState {
  return state ?? configureSandbox('auto')
}

/**
 * The command and arguments that run `argv` confined to `paths` when this process has a sandbox, or
 * unchanged when it has none (the protocol and format pins still hold then). `binary` is the ffmpeg
 * or ffprobe `argv` runs (directly, or through nice), `env` what it is given of the environment.
 */
export function confine(
  argv: readonly string[],
  paths: SandboxPaths | undefined,
  binary: string,
  env: Record<string, string | undefined> = {},
): [string, string[]] {
  const s = paths ? sandboxState() : null
  if (!paths || s?.kind !== 'bwrap') return [argv[0]!, argv.slice(1)]
  const [bwrap, ...rest] = bwrapArgs(s.bwrap, argv, paths, { programs: [binary], env })
  return [bwrap!, rest]
}
