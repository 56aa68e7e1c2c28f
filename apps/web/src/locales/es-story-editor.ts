/** Texts of the fic editor (/fics/nuevo and the detail's edit mode); part of the one catalog in es.ts. */
export const storyEditor = {
  newTitle: 'Nueva Fic',
} as const;
