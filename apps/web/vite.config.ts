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
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across our releases.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react'
          if (id.includes('/node_modules/zod/')) return 'zod'
          return 'vendor'
        },
      },
    },
  },
})
