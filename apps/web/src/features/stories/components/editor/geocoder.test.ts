import { describe, expect, it } from 'vitest';
import { coordinatesLabel, osmLink, placeOfResult, pointOfOsmLink, shortPlaceName } from './geocoder';

describe('geocoder helpers', () => {
  it('names a search result by its area, never by a street, a house number or a building', () => {
    const home = placeOfResult({
      lat: '-33.42561',
      lon: '-70.61432',
      name: '',
      addresstype: 'house',
      display_name: 'Los Aromos 1234, Providencia, Santiago, Región Metropolitana, Chile',
      address: {
        house_number: '1234',
        road: 'Los Aromos',
        suburb: 'Providencia',
        city: 'Santiago',
        state: 'Región Metropolitana de Santiago',
      },
    });
    expect(home?.label).toBe('Providencia, Santiago');
    expect(home?.label).not.toMatch(/Aromos|1234/);
    const square = placeOfResult({
      lat: '-33.4378',
      lon: '-70.6505',
      name: 'Plaza de Armas',
      addresstype: 'square',
      display_name: 'Plaza de Armas, Santiago, Chile',
      address: { city: 'Santiago', state: 'Región Metropolitana de Santiago' },
    });
    expect(square?.label).toBe('Santiago');
    const city = placeOfResult({
      lat: '-33.05',
      lon: '-71.62',
      name: 'Valparaíso',
      addresstype: 'city',
      display_name: 'Valparaíso, Región de Valparaíso, Chile',
      address: { city: 'Valparaíso', state: 'Región de Valparaíso' },
    });
    expect(city?.label).toBe('Valparaíso');
    // An address that names no area: its rounded point, not the street.
    const bare = placeOfResult({
      lat: '-33.45694',
      lon: '-70.64827',
      addresstype: 'road',
      display_name: 'Calle Uno',
      address: { road: 'Calle Uno' },
    });
    expect(bare?.label).toBe('-33.46, -70.65');
    expect(placeOfResult({ lat: 'x', lon: '1', display_name: 'Nada' })).toBeNull();
  });

  it('names a place with as much of its address as fits in the 30-character location', () => {
    expect(
      shortPlaceName(
        'Plaza de Armas',
        'Plaza de Armas, Santiago, Provincia de Santiago, Región Metropolitana, 8320000, Chile',
      ),
    ).toBe('Plaza de Armas, Santiago');
    expect(shortPlaceName('', 'Valparaíso, Región de Valparaíso, Chile')).toBe('Valparaíso');
    const long = shortPlaceName('Escuela Básica República de los Estados Unidos', 'Escuela, Santiago');
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long).toBe('Escuela Básica República de');
  });

  it('links a point to OpenStreetMap rounded to two decimals (about 1 km), and reads it back', () => {
    const link = osmLink(-33.45694, -70.64827);
    expect(link).toBe('https://www.openstreetmap.org/?mlat=-33.46&mlon=-70.65#map=14/-33.46/-70.65');
    expect(pointOfOsmLink(link)).toEqual({ lat: -33.46, lng: -70.65 });
    // A link kept by an older version (a recovered copy) shows its pin rounded too.
    expect(
      pointOfOsmLink(
        'https://www.openstreetmap.org/?mlat=-33.45694&mlon=-70.64827#map=16/-33.45694/-70.64827',
      ),
    ).toEqual({ lat: -33.46, lng: -70.65 });
    // Halves away from zero, on the digits (1.005 is 1.00499… in binary).
    expect(osmLink(1.005, -0.004)).toBe(
      'https://www.openstreetmap.org/?mlat=1.01&mlon=0.00#map=14/1.01/0.00',
    );
    expect(osmLink(91, 0)).toBeNull();
    expect(pointOfOsmLink('https://maps.example/otra?mlat=-33.4&mlon=-70.6')).toBeNull();
    expect(pointOfOsmLink('no es un enlace')).toBeNull();
    expect(coordinatesLabel(-33.45694, -70.64827)).toBe('-33.46, -70.65');
  });
});
