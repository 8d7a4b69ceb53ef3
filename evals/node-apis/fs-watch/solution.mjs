import fs from 'node:fs';
import path from 'node:path';

/**
 * Watch `file` (JSON) and call `onReload(config)` after it changes.
 * Event type, count and `filename` are treated as unreliable hints.
 * Returns a function that stops watching.
 */
export function watchConfig(file, onReload, { debounceMs = 100 } = {}) {
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  const base = path.basename(abs);
  let timer = null;
  let lastText = null;

  const reload = () => {
    timer = null;
    let text;
    try {
      text = fs.readFileSync(abs, 'utf8');
    } catch {
      return; // file mid-replacement or deleted; wait for the next event
    }
    if (text === lastText) return; // duplicate event, nothing changed
    try {
      const config = JSON.parse(text);
      lastText = text;
      onReload(config);
    } catch {
      // keep the last good config on a partial or invalid write
    }
  };

  // Watch the directory: editors often replace the file via rename.
  const watcher = fs.watch(dir, (eventType, filename) => {
    if (filename !== null && filename !== base) return;
    clearTimeout(timer);
    timer = setTimeout(reload, debounceMs);
  });

  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
