import type { Story } from '@fics/contracts';

export const storyId = '6f1c2a9e-0000-4000-8000-0000000000c3';

/** A fic as GET /stories/:id answers it: under review, nothing allowed unless said otherwise. */
export function makeStory(overrides: Partial<Story> = {}): Story {
  return {
    _id: storyId,
    title: 'La niebla',
    text: '<p>La niña salió.</p>',
    image: { url: '/media/covers/portada.png', width: 1080, height: 1080, variants: [] },
    publicationStatus: 'REVIEWING',
    draft: false,
    date: '2025-05-05T15:00:00.000Z',
    createdAt: '2025-05-01T15:00:00.000Z',
    updatedAt: '2025-05-05T15:00:00.000Z',
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    personal: false,
    location: '',
    locationURL: null,
    tags: [],
    writingTime: 600,
    wordCount: 10,
    writtenBy: { _id: 'student-1', name: 'Sofía Escobar Ruiz', profilePicture: null },
    likesCount: 0,
    likedByMe: false,
    comments: 0,
    commentsMode: 'OPEN',
    rounds: 1,
    evaluation: [],
    permissions: makePermissions(),
    ...overrides,
  };
}

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
