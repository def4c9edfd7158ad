import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { precompressDirectory } from './scripts/precompress-web.ts';

const outDir = 'dist/web';

/** After a build, a brotli and a gzip copy of each text file, which the server sends as they are. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      precompressDirectory(path.resolve(outDir));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  publicDir: 'public',
  build: { outDir, emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/v1': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
});
