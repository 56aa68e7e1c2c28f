import { sql } from 'drizzle-orm';
import { countAffected, rowsOf, type PersonalDataDeclaration } from '../../lib/personal-data';

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * Uploaded images (issue 22.1): the profile photo and fic covers. Covers are exported beside their
 * fics (stories); this module exports the profile photo. Erasing deletes every image the person
 * uploaded (their fics, and so their covers, are gone by then).
 */
export const mediaPersonalData: PersonalDataDeclaration = {
  module: 'media',
  order: 40,
  tables: [
    {
      table: 'media',
      columns: ['owner_id', 'bytes'],
      purpose: 'Las imágenes que subiste: tu foto de perfil y las portadas de tus fics.',
      retention: 'Mientras exista la cuenta, o hasta que las cambies o borres.',
    },
  ],
  sections: () => [],
  files: ({ db, userId }) => [
    {
      pattern: 'foto-de-perfil.*',
      description: 'Tu foto de perfil, si tienes una.',
      async *files() {
        const [photo] = await rowsOf<{ content_type: string; bytes: Uint8Array }>(
          db,
          sql`select m.content_type, m.bytes from users u join media m on m.id = u.profile_picture_id where u.id = ${userId}`,
        );
        if (photo) {
          const extension = extensions[photo.content_type] ?? 'img';
          yield { path: `foto-de-perfil.${extension}`, data: new Uint8Array(photo.bytes), stored: true };
        }
      },
    },
  ],
  // The profile photo's reference (users.profile_picture_id) is set null by its foreign key.
  erase: async ({ tx, userId }) => ({
    media: await countAffected(tx, sql`delete from media where owner_id = ${userId}`),
  }),
};
