// `npm run dev`: the server rebuilt and restarted on change (port 3000), and Vite's dev server for the
// web app (port 5173) proxying /api, /keys, /media and /runtime-config.json to it.
import { spawn } from 'node:child_process'

const run = (cmd, args, name) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } })
  child.on('exit', (code) => {
    console.log(`${name} exited (${code}); stopping`)
    process.exit(code ?? 1)
  })
  return child
}

const build = spawn('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { stdio: 'inherit' })
build.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1)
  const children = [
    run('npx', ['tsc', '-b', '--watch', '--preserveWatchOutput', 'packages/contract', 'apps/server'], 'tsc'),
    run(process.execPath, ['--watch', 'apps/server/dist/main.js'], 'server'),
    run('npm', ['run', 'dev', '-w', '@fieldhouse/web'], 'vite'),
  ]
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const c of children) c.kill(signal)
      process.exit(0)
    })
  }
})
