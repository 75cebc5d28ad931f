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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to find the files the site gate page may load.
    manifest: true,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
