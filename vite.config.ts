import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/v1': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
});
