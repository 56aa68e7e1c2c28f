/**
 * Texts of the home gallery, its filter panel and the header filter toggle; part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
import { shellTexts } from '@fics/contracts/shell-texts';

export const gallery = {
  title: shellTexts.gallery.title,
  subtitle: shellTexts.gallery.subtitle,
  listLabel: shellTexts.gallery.listLabel,
  /** A card's author when the fic is anonymous (stories.anonymous on the fic page). */
  anonymous: shellTexts.anonymous,
  loading: 'Cargando fics',
  /** After the like count, for screen readers: '12 me gusta'. */
  likes: shellTexts.gallery.likes,
  found_one: '{{count}} fic encontrado',
  found_other: '{{count}} fics encontrados',
  foundAtLeast: 'Más de {{count}} fics encontrados',
  toggle: shellTexts.gallery.toggle,
  toggleActive_one: 'Filtrar fics ({{count}} filtro activo)',
  toggleActive_other: 'Filtrar fics ({{count}} filtros activos)',
  filtersTitle: 'Filtrar fics',
  closeFilters: 'Cerrar filtros',
  searchTitle: 'Buscar por título',
  tags: 'Etiquetas',
  tagsPlaceholder: 'Escribe una etiqueta',
  tagsHint: 'Presiona Enter o escribe una coma para agregarla',
  tagsSearching: 'Buscando etiquetas...',
  college: 'Escuela',
  grade: 'Curso',
  anyGrade: 'Todos los cursos',
  gradeNeedsCollege: 'Elige primero una escuela',
  clear: 'Limpiar',
  search: 'Buscar',
  activeFilters: 'Filtros activos',
  chipsHint: 'Activa un filtro para cambiarlo; la tecla Suprimir lo quita.',
  chipTitle: 'Título: {{value}}',
  chipTag: 'Etiqueta: {{value}}',
  chipCollege: 'Escuela: {{value}}',
  chipGrade: 'Curso: {{value}}',
} as const;
