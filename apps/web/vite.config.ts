import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

/** Where `npm run dev -w @fieldhouse/web` sends API, keys, media and runtime-config requests. */
const devApiOrigin = process.env.FIELDHOUSE_DEV_API ?? 'http://localhost:3000'

export default defineConfig({
  base: '/',
  plugins: [react()],
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
    target: 'es2022',
    // hls.js alone is about 520 kB; it is loaded only when a player starts, so it may exceed the default 500.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across our releases.
        // hls.js (the player) and Stripe.js (checkout with Stripe) are dynamic imports: their own chunks,
        // never part of the start.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined
          if (id.includes('/node_modules/hls.js/')) return 'hls'
          if (id.includes('/node_modules/@stripe/')) return 'stripe'
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react'
          if (id.includes('/node_modules/zod/')) return 'zod'
          return 'vendor'
        },
      },
    },
  },
})
