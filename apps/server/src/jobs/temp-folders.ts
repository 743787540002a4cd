import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

/**
 * Temp folders of encodes, one per worker process: `{tmp}/w-{host}-{pid}-{boot}`. An encode writes
 * its work (11–27 MB for a short video) under its process's folder and moves the result into place;
 * a process killed mid-encode (SIGKILL, OOM, power) leaves its folder behind. Who owns a folder is
 * in its name, so the sweep can tell a dead process's leftovers from a live encode's work:
 *
 * - on this host, a folder whose process is gone — or whose pid is ours but whose boot id is not (a
 *   container restarts as pid 1 again) — is removed at once;
 * - anything else (another host's folder on a shared disk, files of older versions) is removed once
 *   nothing in it changed for `staleAfterMs` (an encode in progress writes every few seconds).
 */
const BOOT = randomBytes(4).toString('hex')
const HOST =
  hostname()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40) || 'host'

export function ownTempRoot(tmpDir: string) {
  return path.join(tmpDir, `w-${HOST}-${process.pid}-${BOOT}`)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Epoch ms of the newest change under `full` (a folder's own mtime misses writes deeper down). */
function newestChange(full: string, depth = 0): number {
  const stat = fs.statSync(full, { throwIfNoEntry: false })
  if (!stat) return 0
  let newest = stat.mtimeMs
  if (stat.isDirectory() && depth < 4) {
    for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(full, entry), depth + 1))
  }
  return newest
}

/** Removes what killed encodes left; answers the names removed. */
export function sweepTempFolders(tmpDir: string, opts: { staleAfterMs: number; now?: number }): string[] {
  if (!fs.existsSync(tmpDir)) return []
  const own = path.basename(ownTempRoot(tmpDir))
  const now = opts.now ?? Date.now()
  const removed: string[] = []
  for (const entry of fs.readdirSync(tmpDir)) {
    if (entry === own) continue
    const full = path.join(tmpDir, entry)
    const m = /^w-(.+)-(\d+)-([0-9a-f]{8})$/.exec(entry)
    const deadHere = m !== null && m[1] === HOST && (Number(m[2]) === process.pid || !alive(Number(m[2])))
    if (deadHere || now - newestChange(full) >= opts.staleAfterMs) {
      fs.rmSync(full, { recursive: true, force: true })
      removed.push(entry)
    }
  }
  return removed
}

let users = 0

/**
 * Runs `work` with this process's temp folder, and removes the folder once no work of this process
 * uses it (so a quiet worker leaves `tmp` empty). Counted synchronously: a job that starts while
 * another ends never finds its folder gone.
 */
export async function withOwnTempRoot<T>(tmpDir: string, work: (root: string) => Promise<T>): Promise<T> {
  users++
  const root = ownTempRoot(tmpDir)
  try {
    fs.mkdirSync(root, { recursive: true })
    return await work(root)
  } finally {
    users--
    if (users === 0) fs.rmSync(root, { recursive: true, force: true })
  }
}
