import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * How one query-string parameter reads and writes its value. A parameter that is absent, or holds
 * something `parse` refuses (a hand-edited or stale link), reads as `fallback`; a value equal to
 * `fallback` is left out of the URL, so an untouched list keeps a clean address.
 */
export interface UrlParam<T> {
  fallback: T;
  /** The value `raw` stands for, or undefined when this parameter does not accept it. */
  parse: (raw: string) => T | undefined;
  format: (value: T) => string;
}

/** Longest text a text parameter takes from a URL unless told otherwise. */
const TEXT_MAX = 200;

/** Ready-made parameters for the usual list state: text, ids, page numbers, a fixed set of values. */
export const urlParam = {
  /** Free text (a search), trimmed; longer than `maxLength` reads as empty rather than cut. */
  text({ maxLength = TEXT_MAX }: { maxLength?: number } = {}): UrlParam<string> {
    return {
      fallback: '',
      parse: (raw) => {
        const text = raw.trim();
        return text.length <= maxLength ? text : undefined;
      },
      format: (value) => value.trim(),
    };
  },
  /** An identifier: letters, digits, '-' and '_', at most 64 characters; '' when unset. */
  id(): UrlParam<string> {
    return {
      fallback: '',
      parse: (raw) => (/^[\w-]{1,64}$/.test(raw) ? raw : undefined),
      format: (value) => value,
    };
  },
  /** A whole number written in digits between `min` and `max` (a page number). */
  int({ min, max, fallback }: { min: number; max: number; fallback: number }): UrlParam<number> {
    return {
      fallback,
      parse: (raw) => {
        if (!/^\d{1,9}$/.test(raw)) {
          return undefined;
        }
        const value = Number(raw);
        return value >= min && value <= max ? value : undefined;
      },
      format: (value) => String(value),
    };
  },
  /** One of a fixed set of values (a page size). */
  oneOf<T extends string | number>(values: readonly T[], fallback: T): UrlParam<T> {
    return {
      fallback,
      parse: (raw) => values.find((value) => String(value) === raw),
      format: (value) => String(value),
    };
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of parameters of any value type
export type UrlParams = Record<string, UrlParam<any>>;

/** The values a set of parameters reads as. */
export type UrlState<P extends UrlParams> = { [K in keyof P]: P[K] extends UrlParam<infer T> ? T : never };

export interface UrlStateOptions<P extends UrlParams> {
  /**
   * Parameters that go back to their fallback whenever another one changes: `['page']` makes a new
   * filter or search start again on the first page.
   */
  resetOnChange?: readonly (keyof P)[];
}

export interface SetUrlStateOptions {
  /**
   * Rewrite the current history entry instead of adding one (corrections, not user steps). The
   * entry's navigation state, if any, is dropped.
   */
  replace?: boolean;
}

/**
 * A piece of screen state kept in the query string (useSearchParams), so a reload, a shared link
 * and the back button all bring it back. `params` should be defined once, outside the component.
 * Returns the current values and a setter taking the values to change; query parameters that
 * `params` does not name are left as they are.
 */
export function useUrlState<P extends UrlParams>(
  params: P,
  options: UrlStateOptions<P> = {},
): [UrlState<P>, (patch: Partial<UrlState<P>>, setOptions?: SetUrlStateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { resetOnChange } = options;
  const resetKey = resetOnChange?.join('\n') ?? '';

  const values = useMemo(() => readUrlState(params, searchParams), [params, searchParams]);

  const setValues = useCallback(
    (patch: Partial<UrlState<P>>, setOptions: SetUrlStateOptions = {}) => {
      const current = readUrlState(params, searchParams);
      const next = new URLSearchParams(searchParams);
      const resets: string[] = resetKey === '' ? [] : resetKey.split('\n');
      let othersChanged = false;
      for (const key of Object.keys(patch)) {
        const param = params[key];
        if (!param || patch[key] === undefined) {
          continue;
        }
        if (!resets.includes(key) && param.format(patch[key]) !== param.format(current[key])) {
          othersChanged = true;
        }
        write(next, key, param, patch[key]);
      }
      if (othersChanged) {
        for (const key of resets) {
          if (!(key in patch)) {
            next.delete(key);
          }
        }
      }
      const replace = setOptions.replace ?? false;
      // A click that changes nothing adds no history entry; a replace always rewrites the entry.
      if (replace || next.toString() !== searchParams.toString()) {
        setSearchParams(next, { replace });
      }
    },
    [params, resetKey, searchParams, setSearchParams],
  );

  return [values, setValues];
}

/** The values `params` read in `searchParams` (fallbacks for what is absent or refused). */
export function readUrlState<P extends UrlParams>(params: P, searchParams: URLSearchParams): UrlState<P> {
  const values: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(params)) {
    const raw = searchParams.get(key);
    const parsed: unknown = raw === null ? undefined : param.parse(raw);
    values[key] = parsed === undefined ? param.fallback : parsed;
  }
  return values as UrlState<P>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see UrlParams
function write(target: URLSearchParams, key: string, param: UrlParam<any>, value: unknown): void {
  const text = param.format(value);
  if (text === '' || text === param.format(param.fallback)) {
    target.delete(key);
  } else {
    target.set(key, text);
  }
}
