// Each text file of a production build is also written compressed, as `<file>.br` (Brotli at its best quality)
// and `<file>.gz` (gzip -9), so that the servers send those (@fastify/static's `preCompressed`) instead of
// compressing every answer again: no CPU per request, and smaller answers than a per-request compressor can
// afford (Brotli 11 takes ~260 ms on the largest chunk; answering, the servers use quality 5).
// Not compression-webpack-plugin: it declares webpack itself as a required peer, which npm would install
// beside Rspack; node:zlib does the compressing here, this only hands it the build's files.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files worth compressing: text. Images and video are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|vtt|map)$/;
/** Below this, a compressed copy saves less than its headers cost (the servers do not compress these either). */
export const MIN_BYTES = 1024;
/** A compressed copy is only kept when it is at most this share of the file. */
const WORTH_IT = 0.9;

export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('KeishaPrecompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minifying and hashing: what is compressed is what is served.
        { name: 'KeishaPrecompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const files = compilation.getAssets().filter(({ name, source }) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES);
          // zlib's asynchronous calls run on libuv's threads: every core compresses.
          await Promise.all(
            files.map(async ({ name, source }) => {
              const raw = source.buffer();
              const [br, gz] = await Promise.all([
                brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
                gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              if (br.length <= raw.length * WORTH_IT) compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
              if (gz.length <= raw.length * WORTH_IT) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
            }),
          );
        },
      );
    });
  }
}
