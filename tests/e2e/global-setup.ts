import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { OAuth2Server } from 'oauth2-mock-server'
import type { TestProject } from 'vitest/node'
import { type DnsServer, startDnsServer } from '../../apps/server/src/test/dns-server.js'
import {
  type PushService,
  type PushSubscriptionJson,
  startPushService,
} from '../../apps/server/src/test/push-service.js'

/**
 * Starts the built product exactly as `npm start` starts it (node apps/server/dist/main.js, embedded
 * SQLite, demo seed) on a free port and a fresh data folder, and hands its URL to the journeys.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's DATA_DIR: mails land in its outbox/ (the embedded default). */
    dataDir: string
    /** Issuer URL of the OpenID Connect provider standing in for Google. */
    oidcIssuer: string
    /**
     * A subscription at the loopback push service (RFC 8030), standing in for the browser push service
     * headless Chromium cannot reach here; what the server pushes to it is written, decrypted, to
     * `push-inbox.jsonl` in the data folder, for the journey to hand to the page's service worker.
     */
    pushSubscription: PushSubscriptionJson
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
    srv.on('error', reject)
  })

let child: ChildProcess | undefined
let dataDir: string | undefined
let provider: OAuth2Server | undefined
let dns: DnsServer | undefined
let push: PushService | undefined

export async function setup(project: TestProject) {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`)
  }
  // Google's stand-in: a real OpenID Connect provider on loopback. It signs whoever the journey says
  // is signing in (see social.spec.ts), with the same protocol Google speaks.
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  provider.service.on('beforeTokenSigning', (token) => {
    const who = JSON.parse(fs.readFileSync(path.join(dataDir as string, 'oidc-identity.json'), 'utf8'))
    Object.assign(token.payload, who)
  })
  await provider.start(0, '127.0.0.1')

  const port = await freePort()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-'))
  fs.writeFileSync(path.join(dataDir, 'oidc-identity.json'), '{}')
  // The channels' domains' DNS (decision 0041): a DNS server on loopback answering the TXT records a
  // journey writes to dns-txt.json (name → strings), as the domain's owner would publish them.
  const dnsFile = path.join(dataDir, 'dns-txt.json')
  fs.writeFileSync(dnsFile, '{}')
  dns = await startDnsServer({
    records: (name) => (JSON.parse(fs.readFileSync(dnsFile, 'utf8')) as Record<string, string[]>)[name],
  })
  const inbox = path.join(dataDir, 'push-inbox.jsonl')
  push = await startPushService({
    onMessage: (m) => fs.appendFileSync(inbox, `${JSON.stringify({ endpoint: m.endpoint, payload: m.payload })}\n`),
  })
  const pushSubscription = push.subscribe()
  child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: 'fieldhouse-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: provider.issuer.url as string,
      // Journeys sign up and in many times from one address: each browser context is a viewer of its
      // own (its own api key), which the limits count apart, as they do for a venue's crowd.
      // The real video path, kept light: short demo videos (12 s, so a 10 s clip fits in a replay), fast
      // encodes, any free RTMP port; the simulated live feed stays on so a journey watches a live stream.
      DEMO_VIDEO_SECONDS: '12',
      // The demo premiere (decision 30) shows its 12-s replay back to back: always live, a third live game.
      DEMO_PREMIERE_DELAY_S: '0',
      DEMO_PREMIERE_EVERY_S: '10',
      ENCODE_PRESET: 'ultrafast',
      RTMP_PORT: '0',
      ANALYTICS_PORT: '0',
      DOMAIN_DNS_SERVERS: dns.address,
      // The server sends web pushes to the loopback push service, and trusts its certificate.
      PUSH_ENDPOINT_ORIGINS: push.url,
      NODE_EXTRA_CA_CERTS: push.caFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {}
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('oidcIssuer', provider.issuer.url as string)
  project.provide('pushSubscription', pushSubscription)
}

export async function teardown() {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((r) => child?.once('exit', r))
  }
  await provider?.stop()
  await dns?.close()
  await push?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
