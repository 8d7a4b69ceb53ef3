import { once } from 'node:events';

/**
 * Write every chunk to `stream`, honouring backpressure, then end it.
 * Resolves after 'finish'; rejects if the stream emits 'error'.
 */
export async function writeAll(stream, chunks) {
  let failure = null;
  const onError = (err) => { failure ??= err; };
  stream.on('error', onError); // never let an 'error' go unhandled
  try {
    for (const chunk of chunks) {
      if (failure) throw failure;
      if (!stream.write(chunk)) {
        // events.once() rejects if 'error' is emitted while waiting.
        await once(stream, 'drain');
      }
    }
    if (failure) throw failure;
    stream.end();
    await once(stream, 'finish');
    if (failure) throw failure;
  } finally {
    stream.off('error', onError);
  }
}
