/**
 * The files a first visit to `/` downloads: what index.html links (the entry script `boot.ts`, style
 * sheets, module preloads) and what the entry loads as soon as the page is painted (its dynamic
 * import of the app, `main.tsx`; not its import of the login's code, which waits for a tap), with
 * every chunk those import statically. Read from the build's
 * manifest (`dist/.vite/manifest.json`, vite.config.ts), so the budget and the Lighthouse figures
 * count the app's code even though index.html does not name it. Paths relative to `dist`, no
 * leading slash.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function firstVisitFiles(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!.replace(/^\//, ''));

  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`No ${manifestFile}: build with vite.config.ts (build.manifest)`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) {
    throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  }
  const [entryKey, entry] = entries[0]!;
  // The entry (boot.ts) starts the app (main.tsx) with a dynamic import, always, on every page; its
  // other dynamic import, the login's code, waits for a tap on the painted 'Ingresar'.
  const app = (entry.dynamicImports ?? []).filter((key) => /(^|\/)main\.tsx$/.test(key));
  if (app.length !== 1) {
    throw new Error(
      `${entryKey} should import the app (main.tsx) once: ${JSON.stringify(entry.dynamicImports)}`,
    );
  }
  const files = new Set(linked);
  const seen = new Set<string>();
  const queue = [entryKey, ...app];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) {
      continue;
    }
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) {
      files.add(css);
    }
    queue.push(...(chunk.imports ?? []));
  }
  return [...files];
}
