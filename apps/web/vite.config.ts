import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { visualizer } from 'rollup-plugin-visualizer'
import { defaultClientConditions, defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { noJsonSchema } from './src/vite/no-json-schema'
import { pureSchemas } from './src/vite/pure-schemas'
import { createStartTest } from './src/vite/start-modules'

const here = path.dirname(fileURLToPath(import.meta.url))

/** Where `npm run dev -w @fieldhouse/web` sends API, keys, media and runtime-config requests. */
const devApiOrigin = process.env.FIELDHOUSE_DEV_API ?? 'http://localhost:3000'

/** Whether the start loads a module (src/vite/start-modules.ts): made once the build's module graph is known. */
let inStart: ((id: string) => boolean) | undefined

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Unused contract schemas are left out of the chunks (src/vite/pure-schemas.ts).
    pureSchemas(/\/packages\/contract\/src\/[^/]+\.ts$/),
    // zod's JSON Schema output, which no page uses, is left out (src/vite/no-json-schema.ts).
    noJsonSchema(),
    // Each build (a watch build makes several) asks its own module graph what the start loads.
    {
      name: 'fieldhouse-start-modules',
      buildStart() {
        inStart = undefined
      },
    },
    // Every text asset of 1 KiB or more is also written as .br (quality 11) and .gz (level 9) at build;
    // the server picks one by Accept-Encoding (docs/decisions/0013-performance.md), at no CPU per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // What each chunk is made of, gzipped and brotli sizes included: `npm run bench` points at it.
    visualizer({
      filename: path.join(here, '../../bench/results/web-bundle.html'),
      template: 'treemap',
      gzipSize: true,
      brotliSize: true,
    }),
    // The same figures as data, per module and chunk, beside the build's manifest: bench/home-js.mjs
    // reads it for the home page's first view, by package.
    visualizer({
      filename: path.join(here, 'dist/.vite/modules.json'),
      template: 'raw-data',
      gzipSize: true,
    }),
  ],
  // The contract ships TypeScript source under the `source` condition, so no build step is needed for it.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/keys', '/media', '/runtime-config.json'].map((prefix) => [prefix, { target: devApiOrigin }]),
    ),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // Which chunk each view loads, for the bundle budgets (bench/console-size.mjs).
    manifest: true,
    target: 'es2022',
    // hls.js alone is about 520 kB; it is loaded only when a player starts, so it may exceed the default 500.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across our releases.
        // hls.js (the player) and Stripe.js (checkout with Stripe) are dynamic imports: their own chunks,
        // never part of the start.
        manualChunks(id, graph) {
          // zod's one setting goes in zod's chunk, so it is set before any chunk can parse (decision 0054).
          if (id.endsWith('/src/lib/zod-config.ts')) return 'zod'
          if (!id.includes('/node_modules/')) return undefined
          if (id.includes('/node_modules/hls.js/')) return 'hls'
          if (id.includes('/node_modules/@stripe/')) return 'stripe'
          // The TOTP set-up's QR code: loaded on demand by that one step, never with the start.
          if (/\/node_modules\/(qrcode|dijkstrajs)\//.test(id)) return 'qrcode'
          // The console's resumable uploads (tus-js-client and what it needs in a browser): only its media
          // page loads them, on demand; in `vendor` they would be in every viewer page's start.
          if (/\/node_modules\/(tus-js-client|js-base64|url-parse|querystringify|requires-port)\//.test(id))
            return 'console-upload'
          // The console's Analytics plots (decision 0039): imported by that page when it draws a plot.
          if (id.includes('/node_modules/uplot/')) return 'uplot'
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react'
          if (id.includes('/node_modules/zod/')) return 'zod'
          // Forms only (sign-in, checkout, profile, console): in `vendor` they would be in every page's start.
          if (/\/node_modules\/(react-hook-form|@hookform)\//.test(id)) return 'forms'
          // `vendor` is what the start loads; a library only views import goes with them (issue 32).
          inStart ??= createStartTest(graph)
          return inStart(id) ? 'vendor' : undefined
        },
      },
    },
  },
})
