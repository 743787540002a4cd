import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { confine, sandboxState } from './sandbox.js'

describe.runIf(sandboxState().kind === 'bwrap')('the sandbox', () => {
  it('runs a program, an input and a work folder that live under /tmp (a checkout there, a test’s files)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-sandbox-'))
    try {
      const program = path.join(dir, 'bin', 'cat')
      fs.mkdirSync(path.dirname(program))
      fs.copyFileSync('/bin/cat', program)
      fs.chmodSync(program, 0o755)
      const input = path.join(dir, 'input.txt')
      fs.writeFileSync(input, 'own bytes')
      const secret = path.join(dir, 'secret.txt')
      fs.writeFileSync(secret, 'another channel')
      const run = (file: string) => {
        const [command, args] = confine([program, file], { read: [input], write: [] }, program)
        return spawnSync(command, args, { encoding: 'utf8' })
      }
      expect(run(input)).toMatchObject({ status: 0, stdout: 'own bytes' })
      // Beside it, not bound: not there for the program.
      expect(run(secret).status).not.toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
