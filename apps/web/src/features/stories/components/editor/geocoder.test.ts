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

  it('links a point to OpenStreetMap and reads it back', () => {
    const link = osmLink(-33.45694, -70.64827);
    expect(link).toBe(
      'https://www.openstreetmap.org/?mlat=-33.45694&mlon=-70.64827#map=16/-33.45694/-70.64827',
    );
    expect(pointOfOsmLink(link)).toEqual({ lat: -33.45694, lng: -70.64827 });
    expect(pointOfOsmLink('https://maps.example/otra')).toBeNull();
    expect(pointOfOsmLink('no es un enlace')).toBeNull();
    expect(coordinatesLabel(-33.45694, -70.64827)).toBe('-33.45694, -70.64827');
  });
});
