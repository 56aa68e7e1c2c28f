import { gradeCycles, type GradeCycle } from '@fics/contracts';

const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const cycleNames = Object.keys(gradeCycles);

function rank(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  return i === -1 ? list.length : i;
}

/** School order: cycle (Básico before Medio), then level (Primero to Octavo), then name. */
export function compareGrades(
  a: { cicle: string; level: string; name: string },
  b: { cicle: string; level: string; name: string },
): number {
  const byCycle = rank(cycleNames, a.cicle) - rank(cycleNames, b.cicle);
  if (byCycle !== 0) {
    return byCycle;
  }
  const levels: readonly string[] = gradeCycles[a.cicle as GradeCycle] ?? [];
  return rank(levels, a.level) - rank(levels, b.level) || spanish.compare(a.name, b.name);
}
