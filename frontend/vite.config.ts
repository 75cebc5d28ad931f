import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.FANMINT_API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/auth', '/api', '/functions', '/health'].map((path) => [path, { target: backend, changeOrigin: true }]),
);

export default defineConfig({
  root,
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/frontend', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
