import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { es } from '../locales/es';
import { esLazy } from '../locales/es-lazy';
import { i18n, t } from './i18n';

const src = path.resolve(__dirname, '..');

/** The files the first screen loads: main.tsx and its static imports (not `import()`, not tests). */
function eagerFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) {
      return;
    }
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), match[1]!);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (found) {
        visit(found);
      }
    }
    for (const match of code.matchAll(/^import\s+'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), match[1]!);
      const found = ['.ts', '.tsx'].map((ext) => base + ext).find((c) => fs.existsSync(c));
      if (found) {
        visit(found);
      }
    }
  };
  visit(path.join(src, 'main.tsx'));
  return [...seen];
}

describe('the text catalog in two parts', () => {
  it('bundles with the first screen every catalog section it uses, and not the rest', () => {
    const files = eagerFiles();
    expect(files.map((f) => path.relative(src, f))).toContain('features/home/pages/HomePage.tsx');
    expect(files.map((f) => path.relative(src, f))).not.toContain('locales/es-lazy.ts');
    const used = new Map<string, string>();
    for (const file of files.filter((f) => !f.includes(`${path.sep}locales${path.sep}`))) {
      const code = fs.readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*[`'"]([A-Za-z]+)\./g)) {
        used.set(match[1]!, path.relative(src, file));
      }
    }
    const missing = [...used].filter(([section]) => !(section in es));
    expect(missing, 'sections used by the first screen but only in locales/es-lazy.ts').toEqual([]);
  });

  it('splits the catalog without a section in both parts', () => {
    expect(Object.keys(es).filter((key) => key in esLazy)).toEqual([]);
  });

  it('has every text once the rest is loaded (tests load it in setup)', () => {
    expect(i18n.t('common.appName')).toBe('Fics');
    expect(i18n.t('notFound.title')).toBe('Ups, esta pagina no existe...');
    expect(i18n.t('auth.loginTitle')).toBe('Ingresar');
    expect(i18n.t('rubricGrid.points', { count: 2 })).toBe('2 puntos');
  });

  it('gives, for every key of the catalog, what i18next itself gives', async () => {
    const reference = i18next.createInstance();
    await reference.init({
      lng: 'es',
      resources: { es: { translation: { ...es, ...esLazy } } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    const ref = reference.t.bind(reference) as unknown as (key: string, options?: object) => string;
    const leaves: [string, string][] = [];
    const walk = (node: object, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') {
          leaves.push([`${prefix}${key}`, value]);
        } else {
          walk(value as object, `${prefix}${key}.`);
        }
      }
    };
    walk({ ...es, ...esLazy }, '');
    expect(leaves.length).toBeGreaterThan(300);
    const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
    const keys = new Set(leaves.map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
    for (const key of keys) {
      const names = new Set(
        leaves
          .filter(([leaf]) => leaf === key || leaf.startsWith(`${key}_`))
          .flatMap(([, text]) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!)),
      );
      const params = Object.fromEntries([...names].map((name) => [name, `‹${name}›`]));
      const cases: Record<string, unknown>[] = names.has('count')
        ? [0, 1, 2, 25].map((count) => ({ ...params, count }))
        : [params];
      for (const options of cases) {
        expect(translate(key, options), `${key} ${JSON.stringify(options)}`).toBe(ref(key, options));
      }
      expect(translate(key), key).toBe(ref(key));
    }
    expect(translate('no.such.key')).toBe(ref('no.such.key'));
    // Where i18next answers the bare key (Spanish's 'many' for a million, with no `_many` text in
    // the catalog), this engine says `_other`'s text.
    expect(ref('gallery.found', { count: 1_000_000 })).toBe('gallery.found');
    expect(translate('gallery.found', { count: 1_000_000 })).toBe('1000000 fics encontrados');
  });
});
