import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../lib/password-policy';
import { DEMO_USERS, generateDemoPassword } from './demo';

describe('demo passwords', () => {
  it("pass the site's password rule, the strength estimate included, for every demo account", () => {
    // Random, so many draws. The seed sets them without asking the rule; as the passwords people see
    // as examples (README, the start-up log), they must still pass it.
    for (let i = 0; i < 100; i += 1) {
      const password = generateDemoPassword();
      expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      const account = DEMO_USERS[i % DEMO_USERS.length]!;
      expect(passwordProblem(password, account), password).toBeNull();
    }
  });
});
