/** 'Ana María Rojas' → 'AR': the avatar's letters when there is no photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/** 'docente' → 'Docente' (spec 000 §2: role display name, first letter capitalised). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}
