// Vite builds the browser app (src/web) into dist/web, which the Fastify server serves in
// production with an SPA fallback. In development (`npm run dev:web`) the API runs on :8080.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.FORKFUL_API_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/healthz', '/readyz', '/images', '/uploads'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
