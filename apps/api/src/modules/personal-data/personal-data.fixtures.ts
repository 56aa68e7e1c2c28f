import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createSession } from '../credentials';
import { addComment, addReply, forgetCommentLimits } from '../comments/comments.fixtures';
import { createStory, publishedStory, storyWorld } from '../stories/stories.fixtures';

/**
 * A student with a bit of everything (issue 22.1-2): `author` (storyWorld's, grade A1) has a fic
 * published by `teacher` (evaluated, with a classmate's comment and like), a draft, a comment and a
 * reply on the classmate's published fic, a like of it, a session opened from a known address and
 * browser, and a block of the classmate. The classmate has their own fic, comment and session.
 */
export async function personWorld(app: FastifyInstance) {
  const w = await storyWorld(app);
  await forgetCommentLimits(app, [w.author, w.classmate]);
  const { story, evaluation } = await publishedStory(app, w, {
    fields: {
      title: 'El pingüino volador',
      text: '<p>Texto de Sofía <script>alert(1)</script>que vuela.</p>',
    },
  });
  const draft = await createStory(app, w.author.headers, { fields: { title: 'Borrador secreto' } });
  const { story: classmateStory } = await publishedStory(
    app,
    { author: w.classmate, teacher: w.teacher },
    { fields: { title: 'La historia de Pedro', text: '<p>Texto privado de Pedro sobre su casa.</p>' } },
  );
  const classmateComment = await addComment(app, w.classmate, story._id, '<p>Comentario único de Pedro</p>');
  await app.inject({ method: 'POST', url: `/api/v1/stories/${story._id}`, headers: w.classmate.headers });
  const comment = await addComment(
    app,
    w.author,
    classmateStory._id,
    '<p>Comentario de Sofía en el fic de Pedro</p>',
  );
  const reply = await addReply(app, w.author, comment._id, '<p>Respuesta de Sofía</p>');
  await app.inject({
    method: 'POST',
    url: `/api/v1/stories/${classmateStory._id}`,
    headers: w.author.headers,
  });
  await createSession({
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    userId: w.author.id,
    role: 'STUDENT',
    ip: '203.0.113.7',
    userAgent: 'Navegador de prueba/1.0',
  });
  await app.db.execute(
    sql`insert into user_blocks (blocker_id, blocked_id) values (${w.author.id}, ${w.classmate.id})`,
  );
  return { ...w, story, evaluation, draft, classmateStory, classmateComment, comment, reply };
}
