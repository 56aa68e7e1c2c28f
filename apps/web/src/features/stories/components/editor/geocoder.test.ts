import { describe, expect, it } from 'vitest';
import { coordinatesLabel, osmLink, pointOfOsmLink, shortPlaceName } from './geocoder';

describe('geocoder helpers', () => {
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
