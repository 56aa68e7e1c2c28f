import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storyMessages, type Story } from '@fics/contracts';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory, editStory, postStory, publishedStory, setStatus, storyWorld } from './stories.fixtures';

/** What the send dialog used to send: a point to five decimals (about a metre). */
const fineLink = 'https://www.openstreetmap.org/?mlat=-33.43781&mlon=-70.65049#map=16/-33.43781/-70.65049';
/** The same point as every answer gives it: two decimals (about 1 km). */
const coarseLink = 'https://www.openstreetmap.org/?mlat=-33.44&mlon=-70.65#map=14/-33.44/-70.65';

/** The numbers with more than two decimals in an answer, its times ('12:30:15.123Z') aside. */
const fineNumbers = (body: string) => body.replace(/\d\d:\d\d:\d\d\.\d{3}Z/g, '').match(/\d\.\d{3,}/g);

describe('where a fic was written (issue 18.5): a coarse place, for those who may know it', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const get = async (id: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(fineNumbers(res.body)).toBeNull();
    return res.json<{ story: Story }>().story;
  };
  const place = (story: Story) => ({ location: story.location, locationURL: story.locationURL });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the sent point rounded to two decimals and answers only the link rebuilt from it', async () => {
    const story = await createStory(t.app, w.author.headers, {
      fields: { location: 'Plaza de Armas', locationURL: fineLink },
    });
    expect(place(story)).toEqual({ location: 'Plaza de Armas', locationURL: coarseLink });
    const [row] = await t.app.db
      .select({ lat: stories.locationLat, lon: stories.locationLon })
      .from(stories)
      .where(eq(stories.id, story._id));
    expect(row).toEqual({ lat: -33.44, lon: -70.65 });
  });

  it('keeps only the point of a crafted link: extra parameters, finer digits and the map centre go', async () => {
    const crafted = [
      // A note with the exact point, and a map centre finer than the marker.
      'https://www.openstreetmap.org/?mlat=-33.43781&mlon=-70.65049&note=-33.4378123,-70.6504912#map=19/-33.4378123/-70.6504912',
      // Only a map centre, over http, without www.
      'http://openstreetmap.org/#map=18/-33.437812/-70.650491',
      // Halves round away from zero, as the migration's round() does.
      'https://www.openstreetmap.org/?mlat=-33.435&mlon=-70.645',
    ];
    for (const locationURL of crafted) {
      const story = await createStory(t.app, w.author.headers, { fields: { locationURL } });
      expect(story.locationURL).toBe(coarseLink);
    }
    // A name made of coordinates is rounded like the point.
    const named = await createStory(t.app, w.author.headers, {
      fields: { location: '-33.43781, -70.65049', locationURL: '' },
    });
    expect(place(named)).toEqual({ location: '-33.44, -70.65', locationURL: null });
  });

  it('refuses any other link, a point off the globe or no point at all, with a Spanish message', async () => {
    for (const locationURL of [
      'javascript:alert(1)',
      'https://maps.example.com/@-33.4378123,-70.6504912,17z',
      'https://www.openstreetmap.org.evil.example/?mlat=-33.4&mlon=-70.6',
      'https://www.openstreetmap.org/?mlat=-95.1&mlon=-70.6',
      'https://www.openstreetmap.org/?mlat=-33.4&mlon=200',
      'https://www.openstreetmap.org/?mlat=uno&mlon=dos',
      'https://www.openstreetmap.org/way/123',
      'no es un enlace',
    ]) {
      const res = await postStory(t.app, w.author.headers, { fields: { locationURL } });
      expect({ locationURL, status: res.statusCode }).toEqual({ locationURL, status: 400 });
      expect(res.json()).toEqual({
        type: 'VALIDATION_ERROR',
        message: expect.any(String),
        errors: { locationURL: storyMessages.locationUrlInvalid },
      });
    }
  });

  it('edits the point: a new link is rounded, an empty one removes it, leaving it out keeps it', async () => {
    const story = await createStory(t.app, w.author.headers, { fields: { locationURL: '' } });
    expect(story.locationURL).toBeNull();
    const edited = await editStory(t.app, w.author.headers, story._id, { locationURL: fineLink });
    expect(edited.json<{ story: Story }>().story.locationURL).toBe(coarseLink);
    const kept = await editStory(t.app, w.author.headers, story._id, { title: 'Otro título' });
    expect(kept.json<{ story: Story }>().story.locationURL).toBe(coarseLink);
    const refused = await editStory(t.app, w.author.headers, story._id, {
      locationURL: 'https://maps.example.com/?q=-33.43781,-70.65049',
    });
    expect(refused.json()).toMatchObject({ errors: { locationURL: storyMessages.locationUrlInvalid } });
    const removed = await editStory(t.app, w.author.headers, story._id, { locationURL: '' });
    expect(removed.json<{ story: Story }>().story.locationURL).toBeNull();
  });

  it('answers the point of an unpublished fic to its author, the grade’s teachers and administrators', async () => {
    const story = await createStory(t.app, w.author.headers, { fields: { locationURL: fineLink } });
    await setStatus(t.app, story._id, 'REVIEWING');
    for (const viewer of [w.author, w.teacher, w.colleague, w.admin]) {
      expect({ who: viewer.name, ...place(await get(story._id, viewer.headers)) }).toEqual({
        who: viewer.name,
        location: 'Valparaíso',
        locationURL: coarseLink,
      });
    }
  });

  it('answers a published fic’s place name to anyone, and its point to no visitor, student or other teacher', async () => {
    const { story } = await publishedStory(t.app, w, { fields: { locationURL: fineLink } });
    for (const [who, headers] of [
      ['visitante', {}],
      ['compañero', w.classmate.headers],
      ['otra escuela', w.otherSchoolStudent.headers],
      ['docente de otro curso', w.otherGradeTeacher.headers],
      ['docente de otra escuela', w.otherSchoolTeacher.headers],
    ] as const) {
      expect({ who, ...place(await get(story._id, headers)) }).toEqual({
        who,
        location: 'Valparaíso',
        locationURL: null,
      });
    }
    for (const viewer of [w.author, w.teacher, w.colleague, w.admin]) {
      expect({ who: viewer.name, ...place(await get(story._id, viewer.headers)) }).toEqual({
        who: viewer.name,
        location: 'Valparaíso',
        locationURL: coarseLink,
      });
    }
  });

  it('hides the place of an anonymous or pseudonymous fic from whoever may not know its author', async () => {
    const authorships: Record<string, string>[] = [
      { anonymity: 'true' },
      { nickname: 'true', nicknameValue: 'Pingu' },
    ];
    for (const fields of authorships) {
      // Evaluated and published by `teacher`, its evaluator.
      const { story } = await publishedStory(t.app, w, {
        fields: { ...fields, location: 'Pasaje Los Aromos', locationURL: fineLink },
      });
      for (const headers of [
        {},
        w.classmate.headers,
        w.otherGradeTeacher.headers,
        // Another teacher of the grade reviews it blind: the place would name the author.
        w.colleague.headers,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${story._id}`, headers });
        expect(place(res.json<{ story: Story }>().story)).toEqual({ location: '', locationURL: null });
        expect(res.body).not.toContain('Los Aromos');
        expect(res.body).not.toContain('-33.4');
      }
      for (const viewer of [w.author, w.teacher, w.admin]) {
        expect(place(await get(story._id, viewer.headers))).toEqual({
          location: 'Pasaje Los Aromos',
          locationURL: coarseLink,
        });
      }
    }
  });
});
