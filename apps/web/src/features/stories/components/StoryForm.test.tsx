import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Story } from '@fics/contracts';
import type * as CropImage from '../../../lib/crop-image';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../../test/utils';
import { readUnsavedWork, unsavedWorkKey, writeUnsavedWork } from '../unsaved-work';
import { makePermissions } from '../pages/story-page.fixtures';

// jsdom cannot run Quill (no layout, no selection API): a textarea stands in for it here; the real
// editor is exercised by the browser tests.
vi.mock('./editor/RichTextEditor', () => ({
  default: ({
    value,
    onChange,
    onBlur,
    labelledBy,
    describedBy,
  }: {
    value: string;
    onChange: (html: string, byUser: boolean) => void;
    onBlur?: () => void;
    labelledBy: string;
    describedBy?: string;
  }) => (
    <textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => onChange(event.target.value, true)}
      onBlur={onBlur}
    />
  ),
}));

// react-easy-crop measures the image, which jsdom never loads: report a square area at once.
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper({ onCropComplete }: { onCropComplete: (a: unknown, b: unknown) => void }) {
    useEffect(() => {
      onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 800, height: 800 });
      // Once, as react-easy-crop reports the first area when the image has loaded.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div data-testid="cropper" />;
  },
}));

// No canvas in jsdom: the compressed cover is a small PNG blob.
vi.mock('../../../lib/crop-image', async (importOriginal) => ({
  ...(await importOriginal<typeof CropImage>()),
  compressToPng: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const student = makeUser('STUDENT', { _id: 'student-1' });
const storageKey = unsavedWorkKey('student-1');

function makeStory(overrides: Partial<Story> = {}): Story {
  return {
    _id: 'story-1',
    title: 'El faro',
    text: '<p>Había una vez un faro.</p>',
    image: { url: '/api/v1/media/portada.png', width: 1080, height: 1080, variants: [] },
    publicationStatus: 'EDITING',
    draft: true,
    date: '2025-06-01T10:00:00.000Z',
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    personal: false,
    location: '',
    locationURL: null,
    tags: [],
    writingTime: 60,
    wordCount: 5,
    writtenBy: { _id: 'student-1', name: student.name, profilePicture: null },
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

/** The multipart bodies sent to POST /stories, as plain objects. */
function stubApi(handlers: Handlers = {}) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: student } },
    'GET /stories/tags': { body: { tags: [] } },
    'POST /stories': ({ body }) => {
      const form = body as FormData;
      posted.push(Object.fromEntries(form.entries()));
      const draft = form.get('draft') === 'true';
      return {
        status: 201,
        body: {
          story: makeStory({
            _id: 'story-new',
            title: form.get('title') as string,
            draft,
            publicationStatus: draft ? 'EDITING' : 'REVIEWING',
          }),
        },
      };
    },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return { fetchMock, posted };
}

function renderNewStory(handlers: Handlers = {}) {
  const stubs = stubApi(handlers);
  const rendered = renderApp('/fics/nuevo');
  return { ...stubs, ...rendered, user: userEvent.setup({ delay: null }) };
}

const titleField = () => screen.getByRole('textbox', { name: 'Título' });
const textField = () => screen.findByRole('textbox', { name: 'Tu historia' });

async function chooseCover(user: ReturnType<typeof userEvent.setup>) {
  const cover = screen.getByRole('region', { name: 'Portada' });
  const input = cover.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['foto'], 'foto.jpg', { type: 'image/jpeg' }));
  const dialog = await screen.findByRole('dialog', { name: 'Recortar portada' });
  expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuemin', '1');
  expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuemax', '3');
  expect(within(dialog).getByRole('slider', { name: 'Rotación' })).toHaveAttribute('aria-valuemax', '360');
  const crop = within(dialog).getByRole('button', { name: 'Recortar' });
  // The crop widget is a lazy chunk: on a busy machine its first load takes a while.
  await waitFor(() => expect(crop).toBeEnabled(), { timeout: 15_000 });
  await user.click(crop);
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Recortar portada' })).not.toBeInTheDocument(),
  );
  expect(within(cover).getByRole('img', { name: 'Portada de la fic' })).toBeInTheDocument();
}

async function fillValidStory(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Título' }), 'El faro');
  await user.type(await textField(), '<p>Había una vez un faro.</p>');
  await chooseCover(user);
}

describe('StoryForm (new fic)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:portada');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Nueva Fic' with the fic's fields to a student", async () => {
    renderNewStory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva Fic' })).toBeInTheDocument();
    expect(titleField()).toBeInTheDocument();
    expect(await textField()).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Etiquetas' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Publicar como anónimo' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });

  it('sends a teacher home: the page is for students', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('TEACHER') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const { router } = renderApp('/fics/nuevo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows every validation message of the fic form', async () => {
    const { user, posted } = renderNewStory();
    await user.click(await screen.findByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('El título es requerido')).toBeInTheDocument();
    expect(screen.getByText('Debe escribir algo en tu fic')).toBeInTheDocument();
    expect(screen.getByText('La imagen es requerida')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(titleField(), 'A');
    expect(await screen.findByText('El título debe tener al menos 2 caracteres')).toBeInTheDocument();
    await user.clear(titleField());
    await user.paste('x'.repeat(51));
    expect(await screen.findByText('El título debe tener menos 50 caracteres')).toBeInTheDocument();
    expect(screen.getByText('51/50')).toBeInTheDocument();

    // Quill's empty editor is '<p><br></p>': that is not a story.
    await user.type(await textField(), '<p><br></p>');
    await user.tab();
    expect(await screen.findByText('Debe escribir algo en tu fic')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Publicar con seudónimo' }));
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('El seudónimo es requerido')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Seudónimo' }), 'x'.repeat(21));
    expect(await screen.findByText('El seudónimo debe tener máximo 20 caracteres')).toBeInTheDocument();

    const tags = screen.getByRole('combobox', { name: 'Etiquetas' });
    await user.type(tags, `${'y'.repeat(31)}{Enter}`);
    expect(await screen.findByText('Cada etiqueta debe tener máximo 30 caracteres')).toBeInTheDocument();

    // A file that is not an image is refused before any crop.
    const input = screen
      .getByRole('region', { name: 'Portada' })
      .querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(input, new File(['x'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('El archivo debe ser tipo imagen')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('validates the place of the send dialog (at most 30 characters)', async () => {
    const { user, posted } = renderNewStory();
    await fillValidStory(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar fic' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Lugar' }), 'x'.repeat(31));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(dialog).findByText('La ubicación debe tener máximo 30 caracteres'),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('keeps at most 10 tags, drops repeats, and suggests tags 500 ms after typing stops', async () => {
    const { user, fetchMock } = renderNewStory({
      'GET /stories/tags': { body: { tags: ['mar', 'marte', 'amistad'] } },
    });
    const tags = await screen.findByRole('combobox', { name: 'Etiquetas' });
    await user.type(tags, 'mar');
    const option = await screen.findByRole('option', { name: 'marte' });
    const searches = fetchMock.mock.calls.filter(([url]) => requestUrl(url).includes('/stories/tags'));
    // One request for 'mar', not one per keystroke.
    expect(searches.map(([url]) => requestUrl(url))).toEqual(['/api/v1/stories/tags?search=mar']);
    await user.click(option);
    expect(screen.getByRole('button', { name: 'marte' })).toBeInTheDocument();

    await user.type(tags, 'Marte{Enter}');
    expect(screen.getAllByRole('button', { name: /^marte$/i })).toHaveLength(1);
    await user.type(tags, 'a, b, c, d, e, f, g, h, i,');
    expect(await screen.findByText('Ya agregaste 10 etiquetas.')).toBeInTheDocument();
    expect(tags).toHaveAttribute('readonly');
  });

  it('turning anonymity on turns the pseudonym off, and the other way round', async () => {
    const { user } = renderNewStory();
    const anonymity = await screen.findByRole('switch', { name: 'Publicar como anónimo' });
    const nickname = screen.getByRole('switch', { name: 'Publicar con seudónimo' });
    await user.click(nickname);
    expect(nickname).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Seudónimo' })).toBeInTheDocument();
    await user.click(anonymity);
    expect(anonymity).toBeChecked();
    expect(nickname).not.toBeChecked();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Seudónimo' })).not.toBeInTheDocument());
    await user.click(nickname);
    expect(nickname).toBeChecked();
    expect(anonymity).not.toBeChecked();
  });

  it('saves a draft only after its confirmation, then says so and opens the fic', async () => {
    const { user, posted, router } = renderNewStory();
    await fillValidStory(user);
    await user.click(screen.getByRole('switch', { name: 'Publicar con seudónimo' }));
    await user.type(screen.getByRole('textbox', { name: 'Seudónimo' }), 'Gaviota');
    await user.type(screen.getByRole('combobox', { name: 'Etiquetas' }), 'mar{Enter}');
    // Issue 22.7: the mark, with the hint saying who reads such a fic.
    const personal = screen.getByRole('switch', { name: 'Contiene información personal' });
    expect(personal).toHaveAccessibleDescription(
      /Solo la leerán tú, tus profesores del curso y la administración/,
    );
    await user.click(personal);

    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Guardar como borrador?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Guardar como borrador?' })).getByRole('button', {
        name: 'Guardar borrador',
      }),
    );
    expect(await screen.findByText('Borrador guardado exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fics/story-new'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      title: 'El faro',
      text: '<p>Había una vez un faro.</p>',
      draft: 'true',
      publicationStatus: 'EDITING',
      anonymity: 'false',
      nickname: 'true',
      nicknameValue: 'Gaviota',
      personal: 'true',
      tags: '["mar"]',
    });
    expect(posted[0]!.file).toBeInstanceOf(File);
    expect(Number(posted[0]!.writingTime)).toBeGreaterThanOrEqual(0);
    // Saved: the copy in storage is gone, and leaving did not ask.
    expect(localStorage.getItem(storageKey)).toBeNull();
    expect(screen.queryByText('Seguro que quieres salir de esta pagina?')).not.toBeInTheDocument();
  });

  it('sends with a typed place when there is no map (no client configuration), and says so', async () => {
    const { user, posted, router } = renderNewStory();
    await fillValidStory(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar fic' });
    expect(
      within(dialog).queryByRole('textbox', { name: 'Buscar un lugar en Chile' }),
    ).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Lugar' }), 'Valparaíso');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Fic enviada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fics/story-new'));
    expect(posted[0]).toMatchObject({ title: 'El faro', location: 'Valparaíso' });
    expect(posted[0]).not.toHaveProperty('draft');
    // No place picked on a map: an empty link (the API reads '' as none, and an edit clears an old one).
    expect(posted[0]).toHaveProperty('locationURL', '');
  });

  it("reports 'Mi ubicación' progress and failures with the spec's messages", async () => {
    const { user } = renderNewStory();
    await fillValidStory(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar fic' });

    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    expect(within(dialog).getByText('Geolocation is not supported by your browser')).toBeInTheDocument();

    let fail: () => void = () => undefined;
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: unknown, error: () => void) => {
          fail = error;
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    expect(within(dialog).getByText('Locating...')).toBeInTheDocument();
    act(() => fail());
    expect(within(dialog).getByText('Unable to retrieve your location')).toBeInTheDocument();

    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (position: unknown) => void) =>
          ok({ coords: { latitude: -33.45694, longitude: -70.64827 } }),
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    // Rounded to two decimals (about 1 km) before anything is kept or sent (issue 18.5).
    expect(within(dialog).getByRole('textbox', { name: 'Lugar' })).toHaveValue('-33.46, -70.65');
    expect(within(dialog).getByRole('link', { name: 'Ver en OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-33.46&mlon=-70.65#map=14/-33.46/-70.65',
    );

    // A place the student typed is kept; only the point changes.
    const place = within(dialog).getByRole('textbox', { name: 'Lugar' });
    await user.clear(place);
    await user.type(place, 'Mi casa');
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (position: unknown) => void) =>
          ok({ coords: { latitude: -33.0472, longitude: -71.6127 } }),
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    expect(place).toHaveValue('Mi casa');
    expect(within(dialog).getByRole('link', { name: 'Ver en OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-33.05&mlon=-71.61#map=14/-33.05/-71.61',
    );
  });

  it('searches places in Chile only on Enter when the geocoder forbids autocomplete, and fills the place', async () => {
    const { user, fetchMock, posted } = renderNewStory({
      'GET /client-config': {
        body: {
          map: {
            tileUrl: null,
            attribution: '',
            geocoderUrl: 'https://geo.example/search',
            geocoderAutocomplete: false,
            center: { lat: -33.45694, lng: -70.64827 },
            zoom: 10,
          },
          contactEmail: 'contacto@fics.cl',
        },
      },
      'GET /search': {
        body: [
          {
            name: 'Plaza de Armas',
            display_name:
              'Plaza de Armas, Santiago, Provincia de Santiago, Región Metropolitana, 8320000, Chile',
            lat: '-33.4378',
            lon: '-70.6505',
            addresstype: 'square',
            address: { city: 'Santiago', state: 'Región Metropolitana de Santiago', postcode: '8320000' },
          },
        ],
      },
    });
    await fillValidStory(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar fic' });
    const search = await within(dialog).findByRole('searchbox', { name: 'Buscar un lugar en Chile' });
    await user.type(search, 'plaza de armas');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const geocoderCalls = () =>
      fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith('https://geo.example'));
    expect(geocoderCalls()).toHaveLength(0);

    await user.type(search, '{Enter}');
    await user.click(await within(dialog).findByRole('button', { name: /Plaza de Armas, Santiago/ }));
    const url = new URL(requestUrl(geocoderCalls()[0]![0]));
    expect(url.searchParams.get('countrycodes')).toBe('cl');
    expect(url.searchParams.get('q')).toBe('plaza de armas');
    expect(url.searchParams.get('addressdetails')).toBe('1');
    // A square is named by the area it lies in (issue 18.5: no finer place than an area).
    expect(within(dialog).getByRole('textbox', { name: 'Lugar' })).toHaveValue('Santiago');

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Fic enviada exitosamente');
    expect(posted[0]).toMatchObject({
      location: 'Santiago',
      locationURL: 'https://www.openstreetmap.org/?mlat=-33.44&mlon=-70.65#map=14/-33.44/-70.65',
    });
  });

  it('keeps everything on screen and in storage when saving fails, and says why', async () => {
    const { user } = renderNewStory({
      'POST /stories': { status: 500, body: { type: 'INTERNAL', message: 'Error interno' } },
    });
    await fillValidStory(user);
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Guardar como borrador?' })).getByRole('button', {
        name: 'Guardar borrador',
      }),
    );
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Algo ha salido mal. Intente de nuevo más tarde. Tu trabajo sigue en pantalla y guardado en este navegador.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(titleField()).toHaveValue('El faro'));
    expect(await textField()).toHaveValue('<p>Había una vez un faro.</p>');
    expect(readUnsavedWork(storageKey)).toMatchObject({
      title: 'El faro',
      text: '<p>Había una vez un faro.</p>',
    });
  });

  it("says the server's reason for a refusal, and shows its field messages on the fields", async () => {
    let answer = {
      status: 403,
      body: { type: 'FORBIDDEN', message: 'Debes pertenecer a un curso para escribir una fic' },
    };
    const { user } = renderNewStory({ 'POST /stories': () => answer });
    await fillValidStory(user);
    const saveDraft = async () => {
      // The last confirmation must be gone, or its own 'Guardar borrador' would be the one clicked.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '¿Guardar como borrador?' })).getByRole('button', {
          name: 'Guardar borrador',
        }),
      );
    };
    await saveDraft();
    expect(await screen.findByText(/Debes pertenecer a un curso para escribir una fic/)).toBeInTheDocument();

    answer = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos',
        errors: { title: 'El título debe tener al menos 2 caracteres' },
      } as never,
    };
    await saveDraft();
    expect(await screen.findByText('El título debe tener al menos 2 caracteres')).toBeInTheDocument();
    await waitFor(() => expect(titleField()).toHaveAttribute('aria-invalid', 'true'));
  });

  it('copies the work to storage as the student types and offers it back after a reload', async () => {
    const first = renderNewStory();
    await first.user.type(await screen.findByRole('textbox', { name: 'Título' }), 'Mi cuento');
    await first.user.type(await textField(), '<p>Era de noche.</p>');
    await waitFor(() => expect(readUnsavedWork(storageKey)?.text).toBe('<p>Era de noche.</p>'), {
      timeout: 3000,
    });
    expect(await screen.findByText(/Copia guardada en este navegador a las/)).toBeInTheDocument();
    first.unmount();

    // A new visit (closed tab, crash, expired session): the copy is offered back.
    const { user } = renderNewStory();
    const offer = await screen.findByRole('dialog', { name: 'Tienes trabajo sin guardar' });
    expect(within(offer).getByText('«Mi cuento»')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Recuperar' }));
    await waitFor(() => expect(titleField()).toHaveValue('Mi cuento'));
    expect(await textField()).toHaveValue('<p>Era de noche.</p>');
  });

  it('forgets the stored work when the student discards it', async () => {
    writeUnsavedWork(storageKey, {
      title: 'Borrador viejo',
      text: '<p>Hola</p>',
      tags: [],
      anonymity: false,
      nickname: false,
      nicknameValue: '',
      location: '',
      locationURL: null,
      writingTime: 30,
      hadCover: true,
    });
    const { user } = renderNewStory();
    const offer = await screen.findByRole('dialog', { name: 'Tienes trabajo sin guardar' });
    expect(within(offer).getByText(/tendrás que elegirla de nuevo/)).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(titleField()).toHaveValue(''));
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  it('asks before leaving with unsaved work, and warns the browser on unload', async () => {
    const { user, router } = renderNewStory();
    await user.type(await screen.findByRole('textbox', { name: 'Título' }), 'Sin guardar');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await act(() => router.navigate('/'));
    const dialog = await screen.findByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/fics/nuevo');
    await waitFor(() => expect(titleField()).toHaveValue('Sin guardar'));

    await act(() => router.navigate('/'));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' }),
      ).getByRole('button', { name: 'Salir' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // What was typed is still there for the next visit.
    expect(readUnsavedWork(storageKey)?.title).toBe('Sin guardar');
  });
});

describe('StoryForm (edit mode)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:portada');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('edits a fic without a new cover and saves the changes', async () => {
    const { StoryForm } = await import('./StoryForm');
    const story = makeStory({ tags: ['mar'], location: 'Valparaíso' });
    const patched: Record<string, FormDataEntryValue>[] = [];
    stubApi({
      'PATCH /stories/story-1': ({ body }) => {
        patched.push(Object.fromEntries((body as FormData).entries()));
        return { body: { story: { ...story, title: 'El faro azul' } } };
      },
    });
    const onSaved = vi.fn();
    const onCancel = vi.fn();
    renderApp('/', [
      { path: '/', element: <StoryForm story={story} onSaved={onSaved} onCancel={onCancel} /> },
    ]);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('img', { name: 'Portada de la fic' })).toHaveAttribute(
      'src',
      '/api/v1/media/portada.png',
    );
    expect(titleField()).toHaveValue('El faro');
    expect(screen.getByText('Valparaíso')).toBeInTheDocument();
    await user.type(titleField(), ' azul');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Fic actualizada exitosamente')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'El faro azul' }), 'updated');
    expect(patched[0]).toMatchObject({ title: 'El faro azul', location: 'Valparaíso', tags: '["mar"]' });
    expect(patched[0]).not.toHaveProperty('file');
  });

  it('offers stored work only when it is newer than the fic', async () => {
    const { StoryForm } = await import('./StoryForm');
    const key = unsavedWorkKey('student-1', 'story-1');
    const stored = {
      title: 'El faro (cambios)',
      text: '<p>Más texto.</p>',
      tags: [],
      anonymity: false,
      nickname: false,
      nicknameValue: '',
      location: '',
      locationURL: null,
      writingTime: 10,
      hadCover: false,
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    writeUnsavedWork(key, stored, hoursAgo(48));
    stubApi();
    const story = makeStory({ updatedAt: hoursAgo(24).toISOString() });
    const view = renderApp('/', [{ path: '/', element: <StoryForm story={story} onSaved={vi.fn()} /> }]);
    expect(await screen.findByRole('textbox', { name: 'Título' })).toHaveValue('El faro');
    // The copy is older than the fic's last save: dropped, not offered.
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Tienes trabajo sin guardar' })).not.toBeInTheDocument();
    view.unmount();

    writeUnsavedWork(key, stored, hoursAgo(1));
    renderApp('/', [{ path: '/', element: <StoryForm story={story} onSaved={vi.fn()} /> }]);
    expect(await screen.findByRole('dialog', { name: 'Tienes trabajo sin guardar' })).toBeInTheDocument();
  });
});

describe('StoryForm: one-step recovery and the length of the text', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the stored copy in the form at once when the writer already chose to recover it', async () => {
    const { StoryForm } = await import('./StoryForm');
    writeUnsavedWork(unsavedWorkKey('student-1', 'story-1'), {
      title: 'El faro (cambios)',
      text: '<p>Más texto.</p>',
      tags: [],
      anonymity: false,
      nickname: false,
      nicknameValue: '',
      location: '',
      locationURL: null,
      writingTime: 10,
      hadCover: false,
    });
    stubApi();
    const story = makeStory({ updatedAt: new Date(Date.now() - 3_600_000).toISOString() });
    renderApp('/', [{ path: '/', element: <StoryForm story={story} onSaved={vi.fn()} restoreOnOpen /> }]);
    await waitFor(() => expect(titleField()).toHaveValue('El faro (cambios)'));
    expect(await textField()).toHaveValue('<p>Más texto.</p>');
    expect(await screen.findByText('Recuperamos tu trabajo sin guardar')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Tienes trabajo sin guardar' })).not.toBeInTheDocument();
  });

  it('shows the words and reading time of the text as it is written, as the fic page counts them', async () => {
    const { user } = renderNewStory();
    expect(await screen.findByText('0 palabras · 1 min de lectura')).toBeInTheDocument();
    await user.type(await textField(), '<p>Había una vez</p><p>un pingüino</p>');
    expect(await screen.findByText('5 palabras · 1 min de lectura')).toBeInTheDocument();
    await user.clear(await textField());
    await user.click(await textField());
    await user.paste(`<p>${'palabra '.repeat(201)}</p>`);
    expect(await screen.findByText('201 palabras · 2 min de lectura')).toBeInTheDocument();
    // Far from the limit: no character counter.
    expect(screen.queryByText(/\/ 100\.000 caracteres/)).not.toBeInTheDocument();
  });
});

describe('logging out with unsaved work in the editor', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:portada');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const logoutHandler = (calls: string[]): Handlers => ({
    'POST /auth/logout': () => {
      calls.push('logout');
      return { body: { message: 'ok' } };
    },
  });

  async function askToLogOut(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    return screen.findByRole('dialog', { name: '¿Cerrar sesión sin guardar tu fic?' });
  }

  async function typeAndWaitForCopy(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByRole('textbox', { name: 'Título' }), 'Mi cuento');
    await user.type(await textField(), '<p>Era de noche.</p>');
    await waitFor(() => expect(readUnsavedWork(storageKey)?.title).toBe('Mi cuento'), { timeout: 3000 });
  }

  it('logs out at once when nothing is unsaved', async () => {
    const calls: string[] = [];
    const { user, router } = renderNewStory(logoutHandler(calls));
    await screen.findByRole('textbox', { name: 'Título' });
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual(['logout']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Seguir escribiendo' stays in the form, logged in, with the work", async () => {
    const calls: string[] = [];
    const { user, router } = renderNewStory(logoutHandler(calls));
    await typeAndWaitForCopy(user);
    const dialog = await askToLogOut(user);
    expect(within(dialog).getByText(/Guárdala como borrador/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Seguir escribiendo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/fics/nuevo');
    expect(titleField()).toHaveValue('Mi cuento');
    expect(calls).toEqual([]);
  });

  it("'Descartar' drops the copy and logs out", async () => {
    const calls: string[] = [];
    const { user, router } = renderNewStory(logoutHandler(calls));
    await typeAndWaitForCopy(user);
    await user.click(within(await askToLogOut(user)).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual(['logout']);
    expect(localStorage.getItem(storageKey)).toBeNull();
    // No leave dialog on the way out: the student already answered.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Guardar borrador' keeps an invalid fic in the form with its messages, and logs nobody out", async () => {
    const calls: string[] = [];
    const { user, router, posted } = renderNewStory(logoutHandler(calls));
    await typeAndWaitForCopy(user);
    await user.click(within(await askToLogOut(user)).getByRole('button', { name: 'Guardar borrador' }));
    // No cover yet: the form says so, and the student is still here, still logged in.
    expect(await screen.findByText('La imagen es requerida')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/fics/nuevo');
    expect(posted).toHaveLength(0);
    expect(calls).toEqual([]);
    expect(readUnsavedWork(storageKey)?.title).toBe('Mi cuento');
  });

  it("'Guardar borrador' saves a valid fic as a draft, then logs out", async () => {
    const calls: string[] = [];
    const { user, router, posted } = renderNewStory(logoutHandler(calls));
    await typeAndWaitForCopy(user);
    await chooseCover(user);
    await user.click(within(await askToLogOut(user)).getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ title: 'Mi cuento', draft: 'true' });
    expect(calls).toEqual(['logout']);
    expect(localStorage.getItem(storageKey)).toBeNull();
    expect(await screen.findByText('Borrador guardado exitosamente')).toBeInTheDocument();
  });

  it('an expired session keeps the work, asks to log in again, and takes the same student back to it', async () => {
    const { user, router } = renderNewStory({
      'POST /stories': { status: 401, body: { type: 'UNAUTHORIZED', message: 'Token expirado' } },
      'POST /auth/changetoken': { status: 401, body: { type: 'UNAUTHORIZED', message: 'Sesión terminada' } },
      'POST /auth/login': {
        body: { accessToken: 'access-2', refreshToken: 'refresh-2', user: student },
      },
    });
    await typeAndWaitForCopy(user);
    await user.type(titleField(), ' largo');
    await chooseCover(user);
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Guardar como borrador?' })).getByRole('button', {
        name: 'Guardar borrador',
      }),
    );
    // Sent home, signed out, with the login dialog saying the writing is kept.
    const login = await screen.findByRole('dialog', { name: 'Ingresar' });
    expect(router.state.location.pathname).toBe('/');
    expect(within(login).getByText(/Lo que escribiste quedó guardado en este navegador/)).toBeInTheDocument();
    expect(readUnsavedWork(storageKey)?.title).toBe('Mi cuento largo');

    await user.type(within(login).getByRole('textbox', { name: 'Email' }), 'ana@example.cl');
    await user.type(within(login).getByLabelText('Contraseña'), 'una-clave-larga');
    await user.click(within(login).getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fics/nuevo'));
    // The copy is in the form at once.
    await waitFor(() => expect(titleField()).toHaveValue('Mi cuento largo'));
    expect(screen.queryByRole('dialog', { name: 'Tienes trabajo sin guardar' })).not.toBeInTheDocument();
  });
});
