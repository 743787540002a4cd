import fs from 'node:fs'
import os, { hostname } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ownTempRoot, sweepTempFolders } from './temp-folders.js'

const HOST =
  hostname()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 40) || 'host'

describe('sweepTempFolders', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
  })
  const tmpWith = (entries: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-sweep-'))
    dirs.push(dir)
    for (const e of entries) {
      fs.mkdirSync(path.join(dir, e, 'hls-abc'), { recursive: true })
      fs.writeFileSync(path.join(dir, e, 'hls-abc', 'seg.ts'), 'x')
    }
    return dir
  }

  it('removes the folders of dead processes on this host at once, keeps its own and live ones', () => {
    const dead = 2 ** 22 + 12_345 // above Linux's pid_max default: no such process
    const own = path.basename(ownTempRoot('/x'))
    const tmp = tmpWith([
      own,
      `w-${HOST}-${dead}-0a1b2c3d`,
      `w-${HOST}-${process.pid}-ffffffff`, // our pid, another boot: a previous life of this container
      `w-${HOST}-${process.ppid}-00000000`, // a live process (our parent)
      `w-otherhost-${dead}-0a1b2c3d`, // another host's: only by age
    ])
    const removed = sweepTempFolders(tmp, { staleAfterMs: 60 * 60_000 })
    expect(removed.sort()).toEqual([`w-${HOST}-${dead}-0a1b2c3d`, `w-${HOST}-${process.pid}-ffffffff`].sort())
    expect(fs.readdirSync(tmp).sort()).toEqual(
      [own, `w-${HOST}-${process.ppid}-00000000`, `w-otherhost-${dead}-0a1b2c3d`].sort(),
    )
  })

  it('removes what nobody touched for the stale time, judged by its newest file', () => {
    const tmp = tmpWith(['w-otherhost-1-0a1b2c3d', 'hls-legacy'])
    expect(sweepTempFolders(tmp, { staleAfterMs: 60_000, now: Date.now() + 30_000 })).toEqual([])
    expect(sweepTempFolders(tmp, { staleAfterMs: 60_000, now: Date.now() + 61_000 }).sort()).toEqual(
      ['hls-legacy', 'w-otherhost-1-0a1b2c3d'].sort(),
    )
  })
})
