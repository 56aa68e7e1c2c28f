import type { Tx } from '../../db/client';
import {
  eraseEverything,
  type ErasedCounts,
  type ErasureChoices,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';
import { personalDataRegister } from './register';

/**
 * Erases or anonymises everything the register lists about one person, in the caller's transaction
 * (issue 22.4): each module's `erase` in `order` (the users row last), so nothing is left to a
 * foreign key's cascade. Answers the rows changed per table, the erasure record's counts (no
 * personal data).
 */
export async function erasePersonalData(options: {
  tx: Tx;
  userId: string;
  email: string;
  /** Everything goes unless the person chose to keep something (issue 22.4). */
  choices?: ErasureChoices;
  register?: readonly PersonalDataDeclaration[];
}): Promise<ErasedCounts> {
  const choices = options.choices ?? eraseEverything;
  const register = [...(options.register ?? personalDataRegister)].sort(
    (a, b) => (a.order ?? 10) - (b.order ?? 10),
  );
  const counts: ErasedCounts = {};
  for (const declaration of register) {
    const erased = await declaration.erase({
      tx: options.tx,
      userId: options.userId,
      email: options.email,
      choices,
    });
    for (const [table, count] of Object.entries(erased)) {
      counts[table] = (counts[table] ?? 0) + count;
    }
  }
  return counts;
}
