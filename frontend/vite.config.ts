import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { markdown } from './build/markdown-plugin.ts';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.FANMINT_API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/auth', '/api', '/functions', '/health'].map((path) => [path, { target: backend, changeOrigin: true }]),
);

export default defineConfig({
  root,
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/frontend', import.meta.url)),
  plugins: [markdown(), react()],
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to find the files the site gate page may load.
    manifest: true,
    // No modulepreload links, in the HTML or appended at run time. Appending them while the entry
    // evaluated (~40 for a route like /sign-up) was the longest task of a slow phone's page load,
    // and those in the head competed with the stylesheet for the first paint; Lighthouse mobile on
    // /sign-up went from ~0.70–0.85 to ~0.95 with them gone (bench/RESULTS.md, "Public site"). The
    // cost: a route's chunks are fetched one import level at a time, after its first paint.
    modulePreload: false,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
