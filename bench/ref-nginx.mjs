import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findExecutable, freePort, pinnedCommand, waitFor } from './lib.mjs'

/**
 * The reference for file delivery at its best: a private nginx (its own prefix, configuration, pid
 * file and temp folders under a temp folder; nothing of the system's nginx is read or written) with
 * `sendfile` and `tcp_nopush`, one worker on the server's core, serving `file` at `/seg{ext}`.
 * Null when nginx is not installed.
 */
export async function startNginx(file, type) {
  const nginx = findExecutable('nginx')
  if (!nginx) return null
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-nginx-'))
  const port = await freePort()
  const ext = path.extname(file)
  const quote = (value) => `"${value.replace(/["\\]/g, '\\$&')}"`
  const temp = (name) => quote(path.join(prefix, name))
  const conf = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(
    conf,
    `# One process, in the foreground, like the node servers it is compared with.
master_process off;
daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  sendfile on;
  tcp_nopush on;
  # The load generator keeps its connections for the whole round.
  keepalive_requests 100000000;
  keepalive_timeout 60s;
  types { }
  default_type ${quote(type)};
  server {
    listen 127.0.0.1:${port};
    location = /seg${ext} { alias ${quote(file)}; }
  }
}
`,
  )
  const [cmd, args] = pinnedCommand(nginx, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')])
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
  const url = `http://127.0.0.1:${port}/seg${ext}`
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    await Promise.race([
      waitFor(url, 10_000),
      exited.then((code) => {
        throw new Error(`nginx exited with code ${code}: ${readLog(prefix)}`)
      }),
    ])
  } catch (error) {
    child.kill('SIGKILL')
    fs.rmSync(prefix, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    pid: child.pid,
    version: nginxVersion(nginx),
    async stop() {
      // Without a master process nginx ends its worker on SIGQUIT/SIGTERM only between events: wait for it.
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}

function readLog(prefix) {
  try {
    return fs.readFileSync(path.join(prefix, 'error.log'), 'utf8').trim().split('\n').slice(-3).join(' / ')
  } catch {
    return 'no error log'
  }
}

function nginxVersion(nginx) {
  const out = spawnSync(nginx, ['-v'], { encoding: 'utf8' })
  return /nginx\/(\S+)/.exec(`${out.stderr}${out.stdout}`)?.[1] ?? null
}
