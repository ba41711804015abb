// Vite builds the browser app (src/web) into dist/web, which the Fastify server serves in
// production with an SPA fallback. In development (`npm run dev:web`) the API runs on :8080.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

type ModuleInfo = { isEntry: boolean; importers: readonly string[] } | null;

/**
 * Whether a module is loaded by the page before any interaction: the entry or a static import of
 * one that is. These all go into the entry's chunk, so the store page's first load is one script
 * rather than a dozen small shared chunks, each a round trip on a slow connection
 * (bench/storefront: LCP).
 */
function firstLoadOf(getModuleInfo: (id: string) => ModuleInfo) {
  const known = new Map<string, boolean>();
  const inFirstLoad = (id: string): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // a cycle answers from its other importers
    const info = getModuleInfo(id);
    const answer = !!info && (info.isEntry || info.importers.some(inFirstLoad));
    known.set(id, answer);
    return answer;
  };
  return inFirstLoad;
}

// One first-load answer cache per chunking pass (Rolldown passes the same context throughout).
const firstLoadByPass = new WeakMap<object, (id: string) => boolean>();

const apiTarget = process.env.FORKFUL_API_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/healthz', '/readyz', '/images', '/uploads'];

export default defineConfig({
  // .br and .gz beside each file, at the highest levels once at build time: the server sends them
  // as they are (@fastify/static preCompressed) instead of compressing each answer again.
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id, ctx) => {
                let inFirstLoad = firstLoadByPass.get(ctx);
                if (!inFirstLoad) {
                  inFirstLoad = firstLoadOf((m) => ctx.getModuleInfo(m));
                  firstLoadByPass.set(ctx, inFirstLoad);
                }
                return inFirstLoad(id) ? 'shell' : null;
              },
            },
          ],
        },
      },
    },
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
