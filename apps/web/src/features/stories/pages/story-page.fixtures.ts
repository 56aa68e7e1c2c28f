import type { Evaluation, Story, StorySummary } from '@fics/contracts';

export const storyId = '6f1c2a9e-0000-4000-8000-0000000000a1';

const image = {
  url: '/media/covers/portada.png',
  width: 1080,
  height: 1080,
  variants: [
    { url: '/media/covers/portada-320.webp', width: 320, height: 320 },
    { url: '/media/covers/portada-640.webp', width: 640, height: 640 },
  ],
};

/** What a caller may do, everything false unless said otherwise. */
export function makePermissions(overrides: Partial<Story['permissions']> = {}): Story['permissions'] {
  return {
    canEdit: false,
    canSend: false,
    canDelete: false,
    canPublish: false,
    canEvaluate: false,
    canUpdateEvaluation: false,
    canViewEvaluation: false,
    canRevealAuthor: false,
    canViewRevisions: false,
    canViewAnnotations: false,
    canAnnotate: false,
    canManageComments: false,
    ...overrides,
  };
}

/** A fic as GET /stories/:id answers it: by default the signed-in student's draft. */
export function makeStory(overrides: Partial<Story> = {}): Story {
  return {
    _id: storyId,
    title: 'El faro de Chiloé',
    text: '<p>Había una vez un faro que <strong>no</strong> quería apagarse.</p><script>window.hacked = true</script>',
    image,
    publicationStatus: 'EDITING',
    draft: true,
    date: '2025-05-05T15:00:00.000Z',
    createdAt: '2025-05-05T15:00:00.000Z',
    updatedAt: '2025-05-05T15:00:00.000Z',
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    personal: false,
    location: '',
    locationURL: null,
    tags: ['misterio', 'mar y faros'],
    writingTime: 600,
    wordCount: 1234,
    writtenBy: { _id: 'user-STUDENT', name: 'Sofía Escobar Ruiz', profilePicture: null },
    likesCount: 0,
    likedByMe: false,
    comments: 0,
    commentsMode: 'OPEN',
    rounds: 0,
    evaluation: [],
    permissions: makePermissions({ canEdit: true, canSend: true, canDelete: true }),
    ...overrides,
  };
}

const cell = (value: string, checked = false) => ({ value, checked });

/**
 * The fic's evaluation as GET /stories/:id carries it: two rows, 'Logrado' (3) and 'Por lograr' (1)
 * checked, 4 of 6 points, by the teacher 'user-TEACHER'.
 */
export function makeEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    _id: 'evaluation-1',
    storyId,
    teacherId: 'user-TEACHER',
    teacher: { _id: 'user-TEACHER', name: 'Marta Fuentes' },
    rubricId: 'rubric-1',
    columns: [
      { key: '0', name: 'Criterio', pointValue: 0 },
      { key: '1', name: 'Logrado', pointValue: 3 },
      { key: '2', name: 'Por lograr', pointValue: 1 },
    ],
    items: [
      { col0: cell('Ortografía'), col1: cell('Sin errores', true), col2: cell('Muchos errores') },
      { col0: cell('Trama'), col1: cell('Clara'), col2: cell('Confusa', true) },
    ],
    comment: 'Buena idea; ordena la trama.',
    criterionComments: ['', ''],
    score: 4,
    maxScore: 6,
    round: 1,
    createdAt: '2025-05-10T15:00:00.000Z',
    updatedAt: '2025-05-12T15:00:00.000Z',
    ...overrides,
  };
}

/** One row of GET /stories/student-stories. */
export function makeSummary(index: number, overrides: Partial<StorySummary> = {}): StorySummary {
  return {
    _id: `story-${index}`,
    title: `Fic número ${index}`,
    publicationStatus: 'EDITING',
    draft: true,
    date: '2025-01-05T12:00:00.000Z',
    updatedAt: '2025-01-05T12:00:00.000Z',
    image,
    ...overrides,
  };
}
