import type { Evaluation, Rubric, Story } from '@fics/contracts';

export const storyId = '6f1c2a9e-0000-4000-8000-0000000000b1';
export const authorId = '6f1c2a9e-0000-4000-8000-0000000000b2';
export const teacherId = 'user-TEACHER';

const cell = (value: string, checked = false) => ({ value, checked });

/** A rubric of three rows and levels worth 3, 2 and 1: at most 9 points. */
export function makeRubric(overrides: Partial<Rubric> = {}): Rubric {
  return {
    _id: 'rubric-1',
    title: 'Comprensión lectora',
    description: 'Para cuentos breves',
    columns: [
      { key: '0', name: 'Criterio', pointValue: 0 },
      { key: '1', name: 'Logrado', pointValue: 3 },
      { key: '2', name: 'Medianamente logrado', pointValue: 2 },
      { key: '3', name: 'Por lograr', pointValue: 1 },
    ],
    items: [
      {
        col0: cell('Ortografía'),
        col1: cell('Sin errores'),
        col2: cell('Pocos errores'),
        col3: cell('Muchos errores'),
      },
      { col0: cell('Trama'), col1: cell('Clara'), col2: cell('A ratos confusa'), col3: cell('Confusa') },
      { col0: cell('Personajes'), col1: cell('Vivos'), col2: cell('Planos'), col3: cell('Ausentes') },
    ],
    createdAt: '2025-04-01T12:00:00.000Z',
    updatedAt: '2025-04-01T12:00:00.000Z',
    ...overrides,
  };
}

/** The rubric above with 'Sin errores', 'Clara' and 'Ausentes' checked: 7 of 9 points. */
export function makeEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  const rubric = makeRubric();
  const checks = ['col1', 'col1', 'col3'];
  return {
    _id: 'evaluation-1',
    storyId,
    teacherId,
    teacher: { _id: teacherId, name: 'Marta Fuentes' },
    rubricId: rubric._id,
    columns: rubric.columns,
    items: rubric.items.map((row, index) =>
      Object.fromEntries(
        Object.entries(row).map(([field, c]) => [field, { ...c, checked: field === checks[index] }]),
      ),
    ),
    comment: 'Muy buena trama, revisa los personajes.',
    criterionComments: ['', 'La trama avanza bien', ''],
    score: 7,
    maxScore: 9,
    round: 1,
    createdAt: '2025-05-10T15:00:00.000Z',
    updatedAt: '2025-05-12T15:00:00.000Z',
    ...overrides,
  };
}

type Permissions = Story['permissions'];

/** A fic sent for review, as GET /stories/:id answers it to a teacher of its grade. */
export function makeSentStory(overrides: Partial<Story> = {}, permissions: Partial<Permissions> = {}): Story {
  return {
    _id: storyId,
    title: 'El faro de Chiloé',
    text: '<p>Había una vez un faro.</p>',
    image: { url: '/media/covers/portada.png', width: 1080, height: 1080, variants: [] },
    publicationStatus: 'REVIEWING',
    draft: false,
    date: '2025-05-05T15:00:00.000Z',
    createdAt: '2025-05-05T15:00:00.000Z',
    updatedAt: '2025-05-05T15:00:00.000Z',
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    personal: false,
    location: '',
    locationURL: null,
    tags: [],
    writingTime: 600,
    wordCount: 5,
    writtenBy: { _id: authorId, name: 'Sofía Escobar Ruiz', profilePicture: null },
    likesCount: 0,
    likedByMe: false,
    comments: 0,
    commentsMode: 'OPEN',
    rounds: 1,
    evaluation: [],
    permissions: {
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
      ...permissions,
    },
    ...overrides,
  };
}
