import { describe, expect, it } from 'vitest';
import {
  coarseLocationLink,
  coarsePoint,
  locationField,
  locationUrlField,
  pointOfLocationLink,
  roundCoordinate,
  storyMessages,
} from './stories';

/** The coarse place (issue 18.5): nothing finer than two decimals goes in or out. */
describe('coarse locations', () => {
  it('rounds a decimal coordinate on its digits, half away from zero, like PostgreSQL', () => {
    expect(roundCoordinate('-33.43781')).toBe(-33.44);
    expect(roundCoordinate('-33.435')).toBe(-33.44);
    expect(roundCoordinate('1.005')).toBe(1.01);
    expect(roundCoordinate('-0.004')).toBe(0);
    expect(roundCoordinate('179.996')).toBe(180);
    expect(roundCoordinate('70')).toBe(70);
    for (const text of ['', '1e3', '1234.5', '--1', '0x10', '1.2.3', ' 1. ']) {
      expect(roundCoordinate(text)).toBeUndefined();
    }
  });

  it('keeps only the rounded point of an OpenStreetMap link, and nothing of any other', () => {
    expect(
      pointOfLocationLink('https://www.openstreetmap.org/?mlat=-33.43781&mlon=-70.65049&x=1#map=19/-1/-1'),
    ).toEqual({ lat: -33.44, lon: -70.65 });
    expect(pointOfLocationLink('http://openstreetmap.org/#map=18/-33.437812/-70.650491')).toEqual({
      lat: -33.44,
      lon: -70.65,
    });
    for (const url of [
      'https://maps.example.com/?mlat=-33.4&mlon=-70.6',
      'https://openstreetmap.org.example/?mlat=-33.4&mlon=-70.6',
      'ftp://www.openstreetmap.org/?mlat=-33.4&mlon=-70.6',
      'https://www.openstreetmap.org/?mlat=-90.01&mlon=0',
      'https://www.openstreetmap.org/?mlat=-33.4',
      'nada',
    ]) {
      expect(pointOfLocationLink(url)).toBeUndefined();
    }
    expect(coarsePoint(-33.437812, -70.650491)).toEqual({ lat: -33.44, lon: -70.65 });
    expect(coarsePoint(91, 0)).toBeUndefined();
    expect(coarseLocationLink({ lat: -33.4, lon: -70 })).toBe(
      'https://www.openstreetmap.org/?mlat=-33.40&mlon=-70.00#map=14/-33.40/-70.00',
    );
  });

  it('parses the form fields: an empty link is no point, a bad one the Spanish message, a name with its coordinates rounded', () => {
    expect(locationUrlField.parse('')).toBeNull();
    expect(locationUrlField.parse('https://www.openstreetmap.org/?mlat=-33.43781&mlon=-70.65049')).toEqual({
      lat: -33.44,
      lon: -70.65,
    });
    const refused = locationUrlField.safeParse('https://maps.example.com/@-33.43781,-70.65049');
    expect(refused.success ? undefined : refused.error.issues[0]?.message).toBe(
      storyMessages.locationUrlInvalid,
    );
    expect(locationField.parse('  -33.43781, -70.65049 ')).toBe('-33.44, -70.65');
    expect(locationField.parse('Ruta 5, km 1.234')).toBe('Ruta 5, km 1.23');
    expect(locationField.parse('Valparaíso')).toBe('Valparaíso');
  });
});
