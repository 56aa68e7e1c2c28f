import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A streaming ZIP writer: entries leave as a byte stream while their content is still being read,
 * so a download holds one piece of one entry (and the zip's small central directory) in memory,
 * never the whole archive. fflate writes the container (headers, data descriptors, central
 * directory); the DEFLATE data comes from Node's native zlib, several times faster than a JavaScript
 * deflater. lib/xlsx-stream builds its workbooks on it.
 */

/**
 * A zip entry compressed by Node's zlib, one piece per push: each piece is deflated on its own
 * and ends with a sync flush (an empty stored block, not marked final), the last one with the
 * final block, so the pieces concatenate into one valid DEFLATE stream. Only the piece being
 * pushed is in memory; a piece does not reuse the previous one's 32 kB window, which costs a
 * little compression at each boundary.
 */
export class NativeZipDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    const deflated = deflateRawSync(chunk, { level: 6, finishFlush: flush });
    this.ondata(null, deflated, final);
  }
}

export interface ZipEntry {
  /** The path inside the archive (forward slashes). */
  path: string;
  /** The content: whole, or in pieces read one at a time as the download is consumed. */
  content: string | Uint8Array | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
  /** Stored without compression (already compressed data: images). */
  stored?: boolean;
}

const encoder = new TextEncoder();
const bytesOf = (piece: string | Uint8Array) => (typeof piece === 'string' ? encoder.encode(piece) : piece);

/**
 * The archive's bytes as they are produced. Entries are read in order, one at a time, each only
 * when the consumer asks for more (the generators run between reads).
 */
export async function* zipChunks(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const output: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) {
      failure = error;
    } else if (chunk.length > 0) {
      output.push(chunk);
    }
  });
  /** What the zip has produced since the last call, as one buffer (undefined if nothing). */
  const take = (): Buffer | undefined => {
    if (failure) {
      throw failure;
    }
    if (output.length === 0) {
      return undefined;
    }
    const chunk = Buffer.concat(output);
    output.length = 0;
    return chunk;
  };

  for await (const entry of entries) {
    const file = entry.stored ? new ZipPassThrough(entry.path) : new NativeZipDeflate(entry.path);
    zip.add(file);
    const { content } = entry;
    if (typeof content === 'string' || content instanceof Uint8Array) {
      file.push(bytesOf(content), true);
    } else {
      for await (const piece of content) {
        file.push(bytesOf(piece), false);
        const chunk = take();
        if (chunk) {
          yield chunk;
        }
      }
      file.push(new Uint8Array(0), true);
    }
    const chunk = take();
    if (chunk) {
      yield chunk;
    }
  }
  zip.end();
  const chunk = take();
  if (chunk) {
    yield chunk;
  }
}

/** The archive as a byte stream (for `reply.send`, a file, or any pipe). */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
