import { useMemo } from 'react';
import type { GalleryFilters } from '@fics/contracts';
import { readUrlState, urlParam, useUrlState, type UrlParam, type UrlState } from '../../lib/use-url-state';

/*
 * The gallery's filters live in the URL of `/` (spec 000 §2 Home): `?searchTitle=mar&tags=terror,viaje
 * &collegeId=<id>&gradeId=<id>`, so a reload, a shared link and the back button keep them, and a
 * fic's tag links to `/?tags=<tag>`. This file is part of the home's first load: it imports no
 * runtime code from @fics/contracts (that would bring zod); the API checks the limits, and the
 * filter panel, loaded on demand, keeps what it writes within them.
 */

/** Tags as one comma-separated parameter: trimmed, empty ones dropped, repeats (any case) once. */
const tagsParam: UrlParam<string[]> = {
  fallback: [],
  parse: (raw) => splitTags(raw),
  format: (tags) => splitTags(tags.join(',')).join(','),
};

/** 'terror, Viaje,,terror' → ['terror', 'Viaje']. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    const key = tag.toLocaleLowerCase('es');
    if (tag !== '' && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

export const galleryFilterParams = {
  searchTitle: urlParam.text(),
  tags: tagsParam,
  collegeId: urlParam.id(),
  gradeId: urlParam.id(),
};

/** The filters as the URL holds them: '' or [] when unset. */
export type GalleryUrlFilters = UrlState<typeof galleryFilterParams>;

export const noFilters: GalleryUrlFilters = { searchTitle: '', tags: [], collegeId: '', gradeId: '' };

/** The filters as the API and the query key take them (unset ones left out). */
export function toGalleryFilters(filters: GalleryUrlFilters): GalleryFilters {
  return {
    searchTitle: filters.searchTitle || undefined,
    tags: filters.tags,
    collegeId: filters.collegeId || undefined,
    gradeId: filters.gradeId || undefined,
  };
}

/** The filters a query string holds ('tags=terror&collegeId=…', with or without '?'). */
export function readGalleryFilters(search: string): GalleryUrlFilters {
  return readUrlState(galleryFilterParams, new URLSearchParams(search));
}

/** One text per set of filters, the same whatever order the parameters came in. */
export function galleryFiltersKey(filters: GalleryUrlFilters): string {
  const params = new URLSearchParams();
  for (const [key, param] of Object.entries(galleryFilterParams) as [
    keyof GalleryUrlFilters,
    UrlParam<unknown>,
  ][]) {
    const text = param.format(filters[key]);
    if (text !== '') {
      params.set(key, text);
    }
  }
  return params.toString();
}

/** How many filters are set (each tag counts): the header toggle's badge. */
export function countFilters(filters: GalleryUrlFilters): number {
  return (
    (filters.searchTitle ? 1 : 0) +
    filters.tags.length +
    (filters.collegeId ? 1 : 0) +
    (filters.gradeId ? 1 : 0)
  );
}

/** The gallery's filters read from and written to the URL of `/`. */
export function useGalleryFilters() {
  const [filters, setFilters] = useUrlState(galleryFilterParams);
  const key = galleryFiltersKey(filters);
  // One object per set of filters, whatever else changes in the URL.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `filters`
  const stable = useMemo(() => filters, [key]);
  return [stable, setFilters] as const;
}
