import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { test, expect, loginThroughDialog } from './fixtures';

/**
 * 'Mis datos' (issue 22.2) at 390 and 1280 px: the demo student downloads their data from /perfil;
 * the ZIP (read with fflate, the API's zip library) holds LEEME.txt, datos.json with their name and one of
 * their fics as an HTML page.
 */
{
  // One test: the second download within the hour is refused, which the 1280 px pass shows.
  test('a student downloads their data at 390 px, and is told to wait at 1280 px', async ({ page, demo }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/');
    await loginThroughDialog(page, demo.STUDENT.email, demo.STUDENT.password);
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Mis datos' });
    await expect(section.getByText(/datos\.json/)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-fics-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const text = (name: string) => {
      expect(zip[name], name).toBeTruthy();
      return strFromU8(zip[name]!);
    };
    expect(text('LEEME.txt')).toContain('Ley 21.719');
    const datos = JSON.parse(text('datos.json')) as {
      perfil: { nombre: string }[];
      fics: { titulo: string; archivo: string }[];
    };
    expect(datos.perfil[0]!.nombre).toBe(demo.STUDENT.name);
    expect(datos.fics.length).toBeGreaterThan(0);
    const fic = datos.fics[0]!;
    expect(text(fic.archivo)).toContain(`<h1>`);
    // A second download within the hour is refused with the API's message.
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.getByRole('button', { name: 'Descargar mis datos' }).click();
    await expect(section.getByRole('alert')).toContainText('una vez por hora');
  });
}
