import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Starts precompressing the hashed scripts and styles (build/assets/) as soon as `docusaurus build`
 * reaches its postBuild hooks. They are final by then, and for the next ~10 s the search plugin
 * builds its indexes on one core while the other idles. The worker thread uses that core; the
 * precompress step of scripts/postbuild.mjs then skips the files it finds fresh
 * (scripts/precompress.mjs). `POSTBUILD_SKIP=precompress` (the fixture build) turns it off too.
 */
export default function precompressEarlyPlugin(context: LoadContext): Plugin {
  return {
    name: 'precompress-early',
    async postBuild({outDir}) {
      const skipped = (process.env.POSTBUILD_SKIP ?? '').split(',').includes('precompress');
      if (skipped) return;
      const worker = new Worker(path.join(context.siteDir, 'scripts/precompress-worker.mjs'), {
        workerData: {outDir, only: 'assets'},
      });
      const summary = await new Promise<string>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (code !== 0) reject(new Error(`precompress worker exited with code ${code}`));
        });
      });
      console.log(`[precompress-early] assets/: ${summary}`);
    },
  };
}
